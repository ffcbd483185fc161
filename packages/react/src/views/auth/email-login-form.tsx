import { type AuthState, t } from '@portico/core'
import { useId, useState } from 'react'
import { usePortico } from '../../use-portico.js'
import { useStore } from '../../use-store.js'

const selectAuth = (state: AuthState) => state
// The same rule the auth service applies; the browser's own check would show its own wording.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The e-mail field of the Connect view: a one-time code is mailed to the address. */
export function EmailLoginForm() {
  const portico = usePortico()
  const { step, error } = useStore(portico.auth.store, selectAuth)
  const [email, setEmail] = useState('')
  const [invalid, setInvalid] = useState(false)
  const inputId = useId()
  const errorId = useId()
  const sending = step === 'sending'
  const shownError = invalid ? t('emailInvalid') : step === 'idle' ? error : undefined

  return (
    <form
      className="email-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (!EMAIL.test(email.trim())) return setInvalid(true)
        void portico.auth.startEmail(email)
      }}
    >
      <label htmlFor={inputId} className="visually-hidden">
        {t('emailLabel')}
      </label>
      <div className="email-row">
        <input
          id={inputId}
          className="field"
          type="email"
          name="email"
          autoComplete="email"
          placeholder={t('emailPlaceholder')}
          value={email}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? errorId : undefined}
          onChange={(event) => {
            setEmail(event.target.value)
            setInvalid(false)
          }}
        />
        <button
          type="submit"
          className="primary"
          disabled={sending || email.trim() === ''}
          aria-busy={sending}
        >
          {t('continue')}
        </button>
      </div>
      {shownError ? (
        <p id={errorId} className="field-error">
          {shownError}
        </p>
      ) : null}
    </form>
  )
}
