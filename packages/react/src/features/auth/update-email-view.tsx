import type { AuthState } from '@portico/core/internal'
import { usePortico } from '../../use-portico.js'
import { useStore } from '../../use-store.js'
import { EmailField } from './email-field.js'
import { authViewMessages } from './view-messages.js'

const { t } = authViewMessages

const selectAuth = (state: AuthState) => state

/** The new address of an e-mail change; codes to the old and the new address confirm it. */
export default function UpdateEmailView() {
  const portico = usePortico()
  const { update, error } = useStore(portico.auth.store, selectAuth)
  return (
    <EmailField
      label={t('newEmailLabel')}
      autoFocus
      initialEmail={update?.email}
      error={error}
      busy={update?.step === 'sending'}
      onSubmit={(email) => void portico.auth.updateEmail(email)}
    />
  )
}
