import { type AuthState, type FrameSocialProvider, t } from '@portico/core'
import { usePortico } from '../use-portico.js'
import { useStore } from '../use-store.js'
import { FailedPanel, WaitingPanel } from './auth/flow-panels.js'

const selectAuth = (state: AuthState) => state

/** Waits while the visitor signs in in the provider's window; a failure offers a new attempt. */
export default function ConnectingSocialView() {
  const portico = usePortico()
  const { step, socialProvider, error } = useStore(portico.auth.store, selectAuth)
  const provider = (
    socialProvider && socialProvider !== 'farcaster' ? socialProvider : 'google'
  ) as FrameSocialProvider
  const name = t(provider)

  if (step === 'idle' && error !== undefined) {
    return (
      <FailedPanel
        error={error}
        onRetry={() => {
          portico.router.goBack()
          portico.auth.startSocial(provider)
        }}
      />
    )
  }
  return (
    <WaitingPanel
      title={t('continueWith', { provider: name })}
      body={step === 'connecting' ? t('signingIn') : t('socialBody', { provider: name })}
      onCancel={() => {
        portico.auth.reset()
        portico.router.goBack()
      }}
    />
  )
}
