import type { AuthState } from '@portico/core/internal'
import { usePortico } from '../../use-portico.js'
import { useStore } from '../../use-store.js'
import { EmailField } from './email-field.js'
import { authMessages } from './messages.js'

const { t } = authMessages

const selectAuth = (state: AuthState) => state

/**
 * The e-mail field of the Connect view: a one-time code is mailed to the address. Coming Back from the
 * code entry, it shows the address the code went to, so a typo is fixed rather than typed again.
 */
export function EmailLoginForm() {
  const portico = usePortico()
  const { step, error, email } = useStore(portico.auth.store, selectAuth)
  return (
    <EmailField
      label={t('emailLabel')}
      hideLabel
      inline
      initialEmail={email}
      error={step === 'idle' ? error : undefined}
      busy={step === 'sending'}
      onSubmit={(email) => void portico.auth.startEmail(email)}
    />
  )
}
