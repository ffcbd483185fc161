import { isCataloguedError } from '../errors/error-message.js'
import { PorticoError } from '../errors/errors.js'
import { t } from '../i18n/messages.js'
import type { AuthBackend } from './auth-backend.js'
import type { AuthControllerOptions, AuthState } from './auth-controller-types.js'

/** The frame-backed wallet, loaded on first use, and the signing request it is showing. */
export interface AuthBackendLoader {
  backend(): Promise<AuthBackend>
  /** The backend once loaded; undefined before its first use finished. */
  loaded(): AuthBackend | undefined
  /** Ends the ApproveRequest view's wait for the request the frame shows (the frame answered). */
  endApproval(): void
  /** Cancels the request the frame shows: the dApp gets a rejection. */
  cancelApproval(): void
}

/**
 * Loads the frame client once. A signing request from the frame opens ApproveRequest; closing the modal
 * cancels it, so the dApp gets a rejection, never a hang.
 */
export function createAuthBackendLoader(
  options: AuthControllerOptions,
  patch: (partial: Partial<AuthState>) => void,
): AuthBackendLoader {
  const { router, modal, toast } = options
  let loaded: AuthBackend | undefined
  let loading: Promise<AuthBackend> | undefined
  let endApproval: (() => void) | undefined

  const onSigningRequest = (request: NonNullable<AuthState['approval']>) => {
    patch({ approval: request })
    modal.open({ view: 'ApproveRequest' })
    const end = () => {
      if (endApproval !== end) return
      endApproval = undefined
      patch({ approval: undefined })
      if (modal.store.getState().open && router.current()?.view === 'ApproveRequest') modal.close()
    }
    endApproval = end
    return end
  }

  const cancelApproval = () => {
    endApproval?.()
    loaded?.abortPending()
  }
  modal.store.subscribe((state) => {
    if (!state.open && endApproval) cancelApproval()
  })

  return {
    backend() {
      loading ??= options
        .load({
          ...options.backendOptions,
          onSigningRequest,
          onNotAllowed() {
            modal.open({ view: 'ActionNotAllowed' })
            toast.show('error', t('actionNotAllowed'))
          },
        })
        .then((value) => {
          loaded = value
          return value
        })
        .catch((error) => {
          loading = undefined
          // The frame's own set-up failures (a refused origin, no service at authUrl) say what to change.
          if (isCataloguedError(error)) throw error
          throw new PorticoError('AUTH_LOAD_FAILED', 'The embedded wallet code failed to load.', {
            cause: error,
            hint: 'Check that the app can load the @portico/core auth chunk (network, CSP).',
          })
        })
      return loading
    },
    loaded: () => loaded,
    endApproval: () => endApproval?.(),
    cancelApproval,
  }
}
