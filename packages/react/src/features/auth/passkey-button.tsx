import { errorMessage } from '@portico/core'
import type { AuthState } from '@portico/core/internal'
import { usePortico } from '../../use-portico.js'
import { useStore } from '../../use-store.js'
import { KeyIcon } from './auth-icons.js'
import { authMessages } from './messages.js'

const { t } = authMessages

const selectPasskeyError = (state: AuthState) => state.passkeyError

/** WebAuthn exists in this browser; without it the option is not offered at all. */
const hasPasskeys = () =>
  typeof window !== 'undefined' &&
  typeof (window as { PublicKeyCredential?: unknown }).PublicKeyCredential === 'function'

/**
 * "Continue with a passkey": the wallet frame's own sheet then offers signing in with a passkey or
 * creating one. A sign-in that ended without one comes back here, and says why below the button.
 */
export function PasskeyButton() {
  const portico = usePortico()
  const error = useStore(portico.auth.store, selectPasskeyError)
  if (!hasPasskeys()) return null
  return (
    <div className="socials">
      <button
        type="button"
        className="social passkey"
        data-testid="passkey-sign-in"
        aria-describedby={error ? 'portico-passkey-error' : undefined}
        onClick={() => void portico.auth.startPasskey()}
      >
        <span className="social-mark" style={{ background: '#3b3f4a' }} aria-hidden="true">
          <KeyIcon />
        </span>
        <span>{t('continueWithPasskey')}</span>
      </button>
      {error ? (
        <p className="field-error" id="portico-passkey-error" role="alert">
          {errorMessage(error)}
        </p>
      ) : null}
    </div>
  )
}
