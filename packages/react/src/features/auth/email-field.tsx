import { errorMessage, type PorticoError } from '@portico/core'
import { useId, useState } from 'react'
import { ForwardIcon, MailIcon } from './auth-icons.js'
import { authMessages } from './messages.js'

const { t } = authMessages

// The same rule the auth service applies; the browser's own check would show its own wording.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * An e-mail input with its label, its error and a submit button: checks the address before `onSubmit`,
 * and shows the catalogue text for `error` (what the service answered) below the field.
 */
export function EmailField({
  label,
  hideLabel = false,
  error,
  busy,
  autoFocus = false,
  initialEmail = '',
  inline = false,
  onSubmit,
}: {
  label: string
  hideLabel?: boolean
  /** The Connect view's compact form: a mail icon in the field and the submit as an arrow inside it. */
  inline?: boolean
  error: PorticoError | undefined
  busy: boolean
  autoFocus?: boolean
  /** What the field shows first: the address typed before, when the visitor came Back to fix it. */
  initialEmail?: string | undefined
  onSubmit: (email: string) => void
}) {
  const [email, setEmail] = useState(initialEmail)
  const [invalid, setInvalid] = useState(false)
  const inputId = useId()
  const errorId = useId()
  const shownError = invalid ? t('emailInvalid') : error && errorMessage(error)

  return (
    <form
      className="email-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (!EMAIL.test(email.trim())) return setInvalid(true)
        onSubmit(email)
      }}
    >
      <label htmlFor={inputId} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <div className={inline ? 'email-row inline' : 'email-row'}>
        {inline ? <MailIcon /> : null}
        <input
          id={inputId}
          className="field"
          type="email"
          name="email"
          autoComplete="email"
          // biome-ignore lint/a11y/noAutofocus: set only where the field is the whole view
          autoFocus={autoFocus}
          placeholder={t('emailPlaceholder')}
          value={email}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? errorId : undefined}
          onChange={(event) => {
            setEmail(event.target.value)
            setInvalid(false)
          }}
        />
        {inline ? (
          <button
            type="submit"
            className="inline-submit"
            aria-label={t('continue')}
            title={t('continue')}
            disabled={busy || email.trim() === ''}
            aria-busy={busy}
          >
            {busy ? <span className="spinner small" /> : <ForwardIcon />}
          </button>
        ) : (
          <button type="submit" className="primary" disabled={busy || email.trim() === ''} aria-busy={busy}>
            {t('continue')}
          </button>
        )}
      </div>
      {shownError ? (
        <p id={errorId} className="field-error">
          {shownError}
        </p>
      ) : null}
    </form>
  )
}
