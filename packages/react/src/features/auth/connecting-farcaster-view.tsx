import type { AuthState } from '@portico/core/internal'
import { QrCode, qrFrameStyles } from '../../components/qr-code.js'
import { usePortico } from '../../use-portico.js'
import { useStore } from '../../use-store.js'
import { FailedPanel } from './flow-panels.js'
import { authViewMessages } from './view-messages.js'

const { t } = authViewMessages

const selectAuth = (state: AuthState) => state

/** Sign In With Farcaster: scan or open the link, approve in the Farcaster app, and this view goes on. */

export const styles = qrFrameStyles

export default function ConnectingFarcasterView() {
  const portico = usePortico()
  const { step, farcasterUrl, farcasterCode, error } = useStore(portico.auth.store, selectAuth)

  if (step === 'idle' && error !== undefined) {
    return (
      <FailedPanel
        error={error}
        onRetry={() => {
          portico.router.goBack()
          void portico.auth.startFarcaster()
        }}
      />
    )
  }
  return (
    <div className="center" aria-live="polite">
      <div className="qr-frame">
        {farcasterUrl ? (
          <QrCode value={farcasterUrl} label={t('farcasterQrLabel')} />
        ) : (
          <div className="spinner" role="progressbar" aria-label={t('farcasterTitle')} />
        )}
      </div>
      <h3>{t('farcasterTitle')}</h3>
      <p>{step === 'connecting' ? t('signingIn') : t('farcasterBody')}</p>
      {farcasterCode ? (
        <p data-testid="farcaster-code">
          <strong>{t('farcasterCode', { code: farcasterCode })}</strong>
        </p>
      ) : null}
      {farcasterUrl ? (
        <div className="stack">
          <a className="primary" href={farcasterUrl} target="_blank" rel="noreferrer">
            {t('openFarcaster')}
          </a>
        </div>
      ) : null}
    </div>
  )
}
