import { type AuthState, type FrameSocialProvider, t } from '@portico/core'
import { usePortico } from '../use-portico.js'
import { useStore } from '../use-store.js'

const selectAuth = (state: AuthState) => state

/** Waits while the visitor signs in in the provider's window; a failure offers a new attempt. */
export default function ConnectingSocialView() {
  const portico = usePortico()
  const { step, socialProvider, error } = useStore(portico.auth.store, selectAuth)
  const provider = socialProvider && socialProvider !== 'farcaster' ? socialProvider : 'google'
  const name = t(provider)
  const failed = step === 'idle' && error !== undefined

  return (
    <div className="center" aria-live="polite">
      {failed ? (
        <>
          <div className="error-mark" aria-hidden="true">
            !
          </div>
          <h3>{t('connectionFailed')}</h3>
          <p>{error}</p>
          <div className="stack">
            <button
              type="button"
              className="primary"
              onClick={() => {
                portico.router.goBack()
                portico.auth.startSocial(provider as FrameSocialProvider)
              }}
            >
              {t('tryAgain')}
            </button>
          </div>
        </>
      ) : (
        <>
          <div className="spinner" role="progressbar" aria-label={t('continueWith', { provider: name })} />
          <h3>{t('continueWith', { provider: name })}</h3>
          <p>{step === 'connecting' ? t('signingIn') : t('socialBody', { provider: name })}</p>
          <div className="stack">
            <button
              type="button"
              className="secondary"
              onClick={() => {
                portico.auth.reset()
                portico.router.goBack()
              }}
            >
              {t('cancel')}
            </button>
          </div>
        </>
      )}
    </div>
  )
}
