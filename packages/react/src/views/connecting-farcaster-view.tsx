import { type AuthState, t } from '@portico/core'
import { QrCode } from '../components/qr-code.js'
import { usePortico } from '../use-portico.js'
import { useStore } from '../use-store.js'

const selectAuth = (state: AuthState) => state

/** Sign In With Farcaster: scan or open the link, approve in the Farcaster app, and this view goes on. */
export default function ConnectingFarcasterView() {
  const portico = usePortico()
  const { step, farcasterUrl, error } = useStore(portico.auth.store, selectAuth)
  const failed = step === 'idle' && error !== undefined

  return (
    <div className="center" aria-live="polite">
      {failed ? (
        <>
          <h3>{t('connectionFailed')}</h3>
          <p>{error}</p>
          <div className="stack">
            <button
              type="button"
              className="primary"
              onClick={() => {
                portico.router.goBack()
                void portico.auth.startFarcaster()
              }}
            >
              {t('tryAgain')}
            </button>
          </div>
        </>
      ) : (
        <>
          <div className="qr-frame">
            {farcasterUrl ? (
              <QrCode value={farcasterUrl} label={t('farcasterQrLabel')} />
            ) : (
              <div className="spinner" role="progressbar" aria-label={t('farcasterTitle')} />
            )}
          </div>
          <h3>{t('farcasterTitle')}</h3>
          <p>{step === 'connecting' ? t('signingIn') : t('farcasterBody')}</p>
          <div className="stack">
            {farcasterUrl ? (
              <a className="primary" href={farcasterUrl} target="_blank" rel="noreferrer">
                {t('openFarcaster')}
              </a>
            ) : null}
          </div>
        </>
      )}
    </div>
  )
}
