import { EMAIL_LOGIN_COOLDOWN_SECONDS } from '../config/constants.js'
import { errorMessage, toCataloguedError } from '../errors/error-message.js'
import { createStore, type Store } from '../store.js'
import { type AuthBackend, StepUpRequiredError } from './auth-backend.js'
import { type AuthBackendLoader, createAuthBackendLoader } from './auth-backend-loader.js'
import type { AuthControllerOptions, AuthState, AuthStep } from './auth-controller-types.js'

/** Tells whether the step that asks is still the one under way. */
export type IsCurrent = () => boolean

/** What every sign-in and account step shares: the state, the backend and the one step under way. */
export interface AuthFlow extends AuthBackendLoader {
  readonly options: AuthControllerOptions
  readonly store: Store<AuthState>
  patch(partial: Partial<AuthState>): void
  /** When a code just sent may be sent again (ms since epoch). */
  resendAt(): number
  /** Runs one step of a flow; a newer step (or leaving the flow) makes older answers void. */
  run(step: AuthStep, work: (backend: AuthBackend, current: IsCurrent) => Promise<void>): Promise<void>
  /** Voids the answers of the step under way (a new flow, sign-out, reset). */
  supersede(): void
}

export function createAuthFlow(options: AuthControllerOptions): AuthFlow {
  const now = options.now ?? Date.now
  const store = createStore<AuthState>({
    step: 'idle',
    preferredAccountType: 'eoa',
    smartAccountDeployed: false,
  })
  const patch = (partial: Partial<AuthState>) => store.setState(partial)
  const loader = createAuthBackendLoader(options, patch)
  let attempt = 0
  return {
    ...loader,
    options,
    store,
    patch,
    resendAt: () => now() + EMAIL_LOGIN_COOLDOWN_SECONDS * 1000,
    supersede: () => {
      attempt++
    },
    async run(step, work) {
      const mine = ++attempt
      const current = () => mine === attempt
      patch({ step, error: undefined })
      try {
        await work(await loader.backend(), current)
      } catch (error) {
        if (!current()) return
        const failure = toCataloguedError(error)
        // A failed code check keeps the code entry open; anything else goes back to where it started.
        const failedStep = store.getState().step
        const backToCode = failedStep === 'otp' || failedStep === 'verifying'
        patch({ step: backToCode ? 'otp' : 'idle', error: failure })
        // The code entry says it under the field (an alert): a toast would say it a second time.
        if (!backToCode) options.toast.show('error', errorMessage(failure))
      }
    },
  }
}

/** The frame has a session: connects the embedded wallet, unless a newer step took over. */
export async function finishLogin(flow: AuthFlow, current: IsCurrent) {
  if (!current()) return
  flow.patch({ step: 'connecting' })
  await flow.options.onLoggedIn()
  if (current()) flow.patch({ step: 'idle', error: undefined })
}

/** Mails the step-up code and shows the code entry (the view the login was in gives way to it). */
export async function askForStepUp(flow: AuthFlow, wallet: AuthBackend, current: IsCurrent, resend: boolean) {
  flow.patch({ step: 'sending' })
  const email = await wallet.requestStepUp()
  if (!current()) return
  flow.patch({ step: 'otp', stepUp: { email }, resendAt: flow.resendAt() })
  if (!resend) flow.options.router.replace('EmailVerifyOtp')
}

/** Runs a login's connect step; true when the wallet is ready, false when a step-up code is asked for. */
export async function connectOrStepUp(
  flow: AuthFlow,
  wallet: AuthBackend,
  current: IsCurrent,
  connect: () => Promise<void>,
) {
  try {
    await connect()
    return true
  } catch (error) {
    if (!(error instanceof StepUpRequiredError)) throw error
  }
  if (current()) await askForStepUp(flow, wallet, current, false)
  return false
}

/** Connects with `connect`, asking for a step-up code first where the wallet wants one, then finishes. */
export async function signIn(
  flow: AuthFlow,
  wallet: AuthBackend,
  current: IsCurrent,
  connect: () => Promise<void>,
) {
  if (await connectOrStepUp(flow, wallet, current, connect)) await finishLogin(flow, current)
}
