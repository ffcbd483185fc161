import type { AccountState, NamesState } from '@portico/core/internal'
import { useEffect } from 'react'
import { usePortico } from '../../use-portico.js'
import { useStore } from '../../use-store.js'
import { namesStyles } from './names-styles.js'
import { namesViewMessages } from './view-messages.js'

const { t } = namesViewMessages

const selectProfileName = (state: AccountState) => state.profileName
const selectRegistered = (state: NamesState) => state.registered

/** Spec §2 RegisterAccountNameSuccess: the name is registered and the account shows it. */
export default function RegisterAccountNameSuccessView() {
  const portico = usePortico()
  const profileName = useStore(portico.account.store, selectProfileName)
  const registered = useStore(portico.names.store, selectRegistered)
  // The next visit of the register view starts from an empty field.
  useEffect(() => () => portico.names.reset(), [portico])
  const name = registered ?? profileName ?? ''
  return (
    <div className="center name-success" aria-live="polite" data-testid="account-name-success">
      <div className="success-mark" aria-hidden="true">
        ✓
      </div>
      <h3>{t('registeredHeading', { name })}</h3>
      <p className="muted">{t('registeredBody')}</p>
      <button type="button" className="primary" onClick={() => portico.router.reset('Account')}>
        {t('backToAccount')}
      </button>
    </div>
  )
}

export const styles = namesStyles
