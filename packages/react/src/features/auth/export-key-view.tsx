import type { AuthState } from '@portico/core/internal'
import { useState } from 'react'
import { usePortico } from '../../use-portico.js'
import { useStore } from '../../use-store.js'
import { authViewMessages } from './view-messages.js'

const { t } = authViewMessages

const selectKeyExport = (state: AuthState) => state.keyExport

const OUTCOMES = {
  done: 'exportKeyDone',
  cancelled: 'exportKeyCancelled',
  unavailable: 'exportKeyUnavailable',
  locked: 'exportKeyLocked',
} as const

/**
 * Key export of the embedded wallet: the key is shown only in the wallet's own window, after the visitor
 * confirms their recovery code or passkey there. This view only starts it and says how it ended; it
 * never receives the key.
 */
export default function ExportKeyView() {
  const portico = usePortico()
  const keyExport = useStore(portico.auth.store, selectKeyExport)
  const [asked, setAsked] = useState(false)
  const start = () => {
    setAsked(true)
    void portico.auth.exportKey()
  }
  if (keyExport === 'waiting') {
    return (
      <div className="center" aria-live="polite">
        <div className="spinner" role="progressbar" aria-label={t('exportKeyWaiting')} />
        <p>{t('exportKeyWaiting')}</p>
      </div>
    )
  }
  const ended = asked && keyExport ? keyExport : undefined
  return (
    <div className="center" aria-live="polite">
      <p>{ended ? t(OUTCOMES[ended]) : t('exportKeyBody')}</p>
      <div className="stack">
        {ended === 'done' || ended === 'unavailable' ? (
          <button type="button" className="secondary" onClick={() => portico.router.goBack()}>
            {t('exportKeyBack')}
          </button>
        ) : (
          <button type="button" className="primary" onClick={start}>
            {ended ? t('tryAgain') : t('exportKeyContinue')}
          </button>
        )}
      </div>
    </div>
  )
}
