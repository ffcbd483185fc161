import { type AuthState, t } from '@portico/core'
import { useId, useState } from 'react'
import { usePortico } from '../use-portico.js'
import { useStore } from '../use-store.js'

const selectAuth = (state: AuthState) => state
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The new address of an e-mail change; codes to the old and the new address confirm it. */
export default function UpdateEmailView() {
  const portico = usePortico()
  const { update, error } = useStore(portico.auth.store, selectAuth)
  const [email, setEmail] = useState('')
  const [invalid, setInvalid] = useState(false)
  const inputId = useId()
  const errorId = useId()
  const sending = update?.step === 'sending'
  const shownError = invalid ? t('emailInvalid') : error

  return (
    <form
      className="stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (!EMAIL.test(email.trim())) return setInvalid(true)
        void portico.auth.updateEmail(email)
      }}
    >
      <label htmlFor={inputId}>{t('newEmailLabel')}</label>
      <input
        id={inputId}
        className="field"
        type="email"
        autoComplete="email"
        // biome-ignore lint/a11y/noAutofocus: the field is the only thing on this view
        autoFocus
        placeholder={t('emailPlaceholder')}
        value={email}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={shownError ? errorId : undefined}
        onChange={(event) => {
          setEmail(event.target.value)
          setInvalid(false)
        }}
      />
      {shownError ? (
        <p id={errorId} className="field-error">
          {shownError}
        </p>
      ) : null}
      <button type="submit" className="primary" disabled={sending || email.trim() === ''} aria-busy={sending}>
        {t('continue')}
      </button>
    </form>
  )
}
