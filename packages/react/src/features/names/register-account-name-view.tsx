import { ACCOUNT_NAME_SUFFIX, type NamesState } from '@portico/core/internal'
import { useId, useRef } from 'react'
import { usePortico } from '../../use-portico.js'
import { useStore } from '../../use-store.js'
import { namesErrorText } from './names-error-text.js'
import { namesStyles } from './names-styles.js'
import { namesViewMessages } from './view-messages.js'

const { t } = namesViewMessages

const selectNames = (state: NamesState) => state

const RULE_TEXT = {
  characters: 'ruleCharacters',
  tooShort: 'ruleTooShort',
  tooLong: 'ruleTooLong',
  hyphens: 'ruleHyphens',
} as const

/**
 * Spec §2 RegisterAccountName: type a name, see at once whether it keeps the rule and, once typing pauses,
 * whether it is free and which variants are; register signs a message with the connected wallet.
 */
export default function RegisterAccountNameView() {
  const portico = usePortico()
  const names = portico.names
  const state = useStore(names.store, selectNames)
  const inputRef = useRef<HTMLInputElement>(null)
  const inputId = useId()
  const hintId = useId()
  const statusId = useId()
  const errorId = useId()
  const suggestionsId = useId()

  const label = state.query.trim().toLowerCase()
  const fullName = `${label}${ACCOUNT_NAME_SUFFIX}`
  const busy = state.registering !== undefined
  const error = state.problem
    ? t(RULE_TEXT[state.problem])
    : state.registerError
      ? namesErrorText(state.registerError)
      : state.lookupError
        ? namesErrorText(state.lookupError)
        : state.available === false
          ? t('nameTaken', { name: fullName })
          : undefined
  // The field is wrong when the name breaks the rule or is taken; a failed registration is not its fault.
  const invalid = state.problem !== undefined || state.available === false
  const canRegister = label !== '' && !state.problem && !state.checking && state.available !== false && !busy

  const register = async (name: string) => {
    try {
      await names.register(name)
      // A failed attempt's toast would linger over the success view.
      portico.toast.hide()
    } catch (failure) {
      const { registerError } = names.store.getState()
      portico.toast.show('error', registerError ? namesErrorText(registerError) : String(failure))
    }
  }

  const status = state.checking
    ? t('checking')
    : state.available === true
      ? t('available')
      : state.available === false
        ? t('taken')
        : ''

  return (
    <form
      className="name-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (canRegister) void register(label)
      }}
    >
      <div className="name-field">
        <div className="name-label-row">
          <label htmlFor={inputId}>{t('nameLabel')}</label>
          <span id={statusId} role="status" data-testid="account-name-status">
            {status ? (
              <span
                className={`tag ${state.available === false ? 'taken' : state.available ? 'success' : ''}`}
              >
                {status}
              </span>
            ) : null}
          </span>
        </div>
        <div className="name-input">
          <input
            ref={inputRef}
            id={inputId}
            className="field"
            name="account-name"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            // biome-ignore lint/a11y/noAutofocus: the field is the whole view
            autoFocus
            placeholder={t('namePlaceholder')}
            value={state.query}
            readOnly={busy}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={`${statusId} ${error ? errorId : hintId}`}
            onChange={(event) => names.setQuery(event.target.value)}
            data-testid="account-name-input"
          />
          <span className="name-suffix" aria-hidden="true">
            {ACCOUNT_NAME_SUFFIX}
          </span>
        </div>
        {/* The error takes the hint's place: it says which part of the rule, or what else, went wrong. */}
        {error ? (
          <p id={errorId} className="field-error" role="alert" data-testid="account-name-error">
            {error}
          </p>
        ) : (
          <p id={hintId} className="name-hint">
            {t('nameHint')}
          </p>
        )}
      </div>
      <button
        type="submit"
        className="primary"
        disabled={!canRegister}
        aria-busy={busy}
        data-testid="account-name-submit"
      >
        <span>
          {busy ? t('signInWallet') : label ? t('register', { name: fullName }) : t('registerEmpty')}
        </span>
      </button>
      {state.suggestions.length > 0 && !state.problem ? (
        <section className="name-suggestions-section" aria-labelledby={suggestionsId}>
          <h3 id={suggestionsId} className="name-suggestions-title">
            {t('suggestionsLabel')}
          </h3>
          <ul className="name-suggestions">
            {state.suggestions.map((suggestion) => (
              <li key={suggestion.name}>
                <button
                  type="button"
                  className="row"
                  disabled={busy}
                  data-testid="account-name-suggestion"
                  onClick={() => {
                    names.setQuery(suggestion.name.slice(0, -ACCOUNT_NAME_SUFFIX.length))
                    inputRef.current?.focus()
                  }}
                >
                  {/* Named by what it shows, in that order (a spoken name matching the visible label). */}
                  <span className="name">{suggestion.name}</span>
                  <span className="use">{t('use')}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </form>
  )
}

export const styles = namesStyles
