import { type AuthState, t } from '@portico/core'
import { usePortico } from '../use-portico.js'
import { useStore } from '../use-store.js'

const selectEmail = (state: AuthState) => state.email

/** A known account on a new device: the mailed link approves it, and this view moves on by itself. */
export default function EmailVerifyDeviceView() {
  const portico = usePortico()
  const email = useStore(portico.auth.store, selectEmail)
  return (
    <div className="center" aria-live="polite">
      <div className="spinner" role="progressbar" aria-label={t('deviceTitle')} />
      <h3>{t('deviceTitle')}</h3>
      <p>{t('deviceBody', { email: email ?? '' })}</p>
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
    </div>
  )
}
