import type { AuthState, FrameSocialProvider } from '@portico/core/internal'
import { usePortico } from '../../use-portico.js'
import { useStore } from '../../use-store.js'
import { FailedPanel, WaitingPanel } from './flow-panels.js'
import { authMessages } from './messages.js'
import { authViewMessages } from './view-messages.js'

const { t } = authMessages

const selectAuth = (state: AuthState) => state

/**
 * Waits while the visitor signs in in the provider's window; a failure (the window closed before the
 * end, among others) offers a new attempt. A blocked window is offered as a link that opens it.
 */
export default function ConnectingSocialView() {
  const portico = usePortico()
  const { step, socialProvider, error, popupBlocked, socialUrl } = useStore(portico.auth.store, selectAuth)
  const provider = (
    socialProvider && socialProvider !== 'farcaster' && socialProvider !== 'passkey'
      ? socialProvider
      : 'google'
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
  const blocked = popupBlocked && step === 'social'
  return (
    <WaitingPanel
      title={t('continueWith', { provider: name })}
      body={
        step === 'connecting'
          ? authViewMessages.t('signingIn')
          : blocked
            ? authViewMessages.t('popupBlocked')
            : authViewMessages.t('socialBody', { provider: name })
      }
      onCancel={() => {
        portico.auth.reset()
        portico.router.goBack()
      }}
    >
      {blocked && socialUrl ? (
        // The page opened from this link is the same flow: the frame is already waiting for its result.
        // It keeps its opener: the sign-in window's first page asks this page's wallet frame for the flow.
        // biome-ignore lint/security/noBlankTarget: the link opens our own auth origin, which needs the opener to reach the wallet frame
        <a className="primary" href={socialUrl} target="_blank" rel="opener">
          {authViewMessages.t('openSignInWindow', { provider: name })}
        </a>
      ) : null}
    </WaitingPanel>
  )
}
