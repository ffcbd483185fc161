import { EMAIL_LOGIN_COOLDOWN_SECONDS } from '../config/constants.js'
import { errorMessage, isCataloguedError } from '../errors/error-message.js'
import { PorticoError } from '../errors/errors.js'
import { t } from '../i18n/messages.js'
import type { ModalController } from '../modal/modal-controller.js'
import type { Router, ViewName } from '../modal/router.js'
import type { ToastController } from '../modal/toast-controller.js'
import { createStore, type Store } from '../store.js'
import {
  type AuthApprovalRequest,
  type AuthBackend,
  type AuthBackendOptions,
  type FrameSocialProvider,
  type KeyExportOutcome,
  type LoadAuthBackend,
  type SignInMethod,
  StepUpRequiredError,
} from './auth-backend.js'

declare module '../modal/router.js' {
  interface ViewRegistry {
    // The e-mail and social sign-in steps and the embedded wallet's request sheets, opened from here.
    EmailVerifyOtp: undefined
    EmailVerifyDevice: undefined
    ConnectingSocial: undefined
    ConnectingFarcaster: undefined
    ConnectingPasskey: undefined
    UpdateEmailPrimaryOtp: undefined
    UpdateEmailSecondaryOtp: undefined
    ApproveRequest: undefined
    ActionNotAllowed: undefined
  }
}

export type AuthStep =
  | 'idle'
  | 'sending'
  | 'otp'
  | 'device'
  | 'verifying'
  | 'social'
  | 'farcaster'
  | 'passkey'
  | 'connecting'

export interface AuthState {
  step: AuthStep
  email?: string | undefined
  socialProvider?: SignInMethod | undefined
  /**
   * The browser refused to open the provider's window: the ConnectingSocial view offers `socialUrl`
   * (the flow's start address, once known) as a link, and the same flow goes on when it is opened.
   */
  popupBlocked?: boolean | undefined
  socialUrl?: string | undefined
  /** The Sign In With Farcaster link the visitor opens (or scans). */
  farcasterUrl?: string | undefined
  /** The code the Farcaster approval shows too: the visitor approves only a request that matches. */
  farcasterCode?: string | undefined
  /** What went wrong in the current view; shown next to its form as `errorMessage(error)`. */
  error?: PorticoError | undefined
  /** When the code may be sent again (ms since epoch). */
  resendAt?: number | undefined
  /** The signed-in user of the embedded wallet. */
  user?: { email: string | null; userName: string | null; socialProvider: SignInMethod | null } | undefined
  /**
   * Why the last passkey sign-in ended without one (cancelled, unsupported, unknown passkey): the
   * Connect view says it beside the passkey option it went back to.
   */
  passkeyError?: PorticoError | undefined
  /** A signing request the visitor is answering in the wallet frame (the ApproveRequest view waits). */
  approval?: AuthApprovalRequest | undefined
  /** The embedded wallet's account type (spec §6); EOA unless a smart account was granted. */
  preferredAccountType: 'eoa' | 'smartAccount'
  /** The account runs smart-account code (EIP-7702) on the current chain; the address is the same. */
  smartAccountDeployed: boolean
  /** The chains where the wallet can upgrade the account (spec §4: [] when it cannot say). */
  smartAccountNetworks?: readonly number[] | undefined
  /** An account type change is under way: the visitor answers in the wallet window, then the chain. */
  accountTypePending?: boolean | undefined
  /**
   * A login on a new device waits for the code mailed to this address: the wallet is recovered here
   * only once it is confirmed (the EmailVerifyOtp view asks for it).
   */
  stepUp?: { email: string } | undefined
  /** E-mail change in progress. */
  update?: { email: string; step: 'sending' | 'primary' | 'secondary' | 'verifying' } | undefined
  /** The key export: under way in the wallet's window, or how it ended. */
  keyExport?: 'waiting' | KeyExportOutcome | undefined
}

export interface AuthController {
  store: Store<AuthState>
  /** The frame-backed wallet; loads the frame client and mounts the hidden frame on first use. */
  backend(): Promise<AuthBackend>
  /** True once the frame is loaded (so the chain adapter can reach its provider synchronously). */
  provider(): unknown
  startEmail(email: string): Promise<void>
  resendCode(): Promise<void>
  submitOtp(otp: string): Promise<void>
  /** Call synchronously from the click: the popup must open inside the visitor's gesture. */
  startSocial(provider: FrameSocialProvider): void
  startFarcaster(): Promise<void>
  /** Passkey sign-in: the wallet frame's sheet takes over; a failure goes back to the Connect view. */
  startPasskey(): Promise<void>
  updateEmail(email: string): Promise<void>
  submitUpdateOtp(otp: string): Promise<void>
  /** Mails the code the e-mail change waits for again: to the current address, or to the new one. */
  resendUpdateCode(): Promise<void>
  /**
   * Sets the account type (falling back to EOA when refused or failed, with a toast that says why), then
   * shows the next step: signing in with the wallet when the dApp asks for it, else the account.
   */
  setPreferredAccountType(type: 'eoa' | 'smartAccount'): Promise<void>
  /** The account type as the wallet reports it with the user (on connect and reconnect). */
  setAccountType(account: Pick<AuthState, 'preferredAccountType' | 'smartAccountDeployed'>): void
  /** Reads the chains where the account can become a smart account into `smartAccountNetworks`. */
  loadSmartAccountNetworks(): Promise<void>
  /**
   * Asks the wallet frame to show the private key in its own window (the visitor confirms their recovery
   * factor there); `keyExport` in the store follows it. The key never comes to this page.
   */
  exportKey(): Promise<void>
  /** Cancels the signing request the wallet frame is showing; the dApp gets a rejection. */
  cancelApproval(): void
  setUser(user: AuthState['user']): void
  signOut(): Promise<void>
  reset(): void
}

export interface AuthControllerOptions {
  backendOptions: Omit<AuthBackendOptions, 'onSigningRequest' | 'onNotAllowed'>
  load: LoadAuthBackend
  router: Router
  modal: ModalController
  toast: ToastController
  /** The frame has a session: connect the embedded wallet as the AUTH connector. */
  onLoggedIn(): Promise<void>
  now?: () => number
  /** The view after an account type is chosen (ConnectingSiwe when signing in is due); else Account. */
  afterAccountType?: () => ViewName | undefined
  /** Opens the provider's sign-in window (null when the browser blocks it); `window.open` by default. */
  openPopup?: () => SocialPopup | null
  /** How often the provider's window is checked for having been closed. */
  popupWatchMs?: number
}

/** The part of the provider's sign-in window the social flow uses. */
export interface SocialPopup {
  readonly closed: boolean
  close(): void
  location: { href: string }
}

// Often enough that a closed window turns into the retry state at once (the check is one property read).
const POPUP_WATCH_MS = 100
let popupCount = 0

// A fresh name each time: a window still closing under the old name is never reused for the new flow.
const openBrowserPopup = (): SocialPopup | null =>
  typeof window === 'undefined'
    ? null
    : window.open('', `portico-social-${++popupCount}`, 'width=500,height=640')

/** What a flow step failed with, as a PorticoError (the backend already gives its failures codes). */
const toPorticoError = (error: unknown): PorticoError =>
  isCataloguedError(error)
    ? error
    : new PorticoError('UNKNOWN', error instanceof Error ? error.message : String(error), { cause: error })

const socialWindowClosed = (cause?: unknown) =>
  new PorticoError('AUTH_SOCIAL_WINDOW_CLOSED', 'The sign-in window was closed before the sign-in ended.', {
    cause,
  })

/** E-mail, social and farcaster sign-in, e-mail change and signing approval for the embedded wallet. */
export function createAuthController(options: AuthControllerOptions): AuthController {
  const { router, modal, toast } = options
  const now = options.now ?? Date.now
  const openPopup = options.openPopup ?? openBrowserPopup
  const popupWatchMs = options.popupWatchMs ?? POPUP_WATCH_MS
  const store = createStore<AuthState>({
    step: 'idle',
    preferredAccountType: 'eoa',
    smartAccountDeployed: false,
  })
  const patch = (partial: Partial<AuthState>) => store.setState(partial)
  let loaded: AuthBackend | undefined
  let loading: Promise<AuthBackend> | undefined
  /** Ends the wait of the ApproveRequest view for the request the frame shows. */
  let endApproval: (() => void) | undefined
  let attempt = 0
  /** The social sign-in under way: its provider window (null when blocked) and the watch on it. */
  let social: { popup: SocialPopup | null; timer: ReturnType<typeof setInterval> | undefined } | undefined

  /**
   * Stops watching `flow`'s window and closes it; a flow left unfinished (Cancel, a new attempt, sign-out)
   * also tells the frame, so its wait for the result ends.
   */
  const endSocial = (flow = social, unfinished = true) => {
    if (!flow || flow !== social) return
    social = undefined
    clearInterval(flow.timer)
    if (flow.popup && !flow.popup.closed) flow.popup.close()
    if (unfinished) loaded?.socialWindowClosed()
  }

  const backend = () => {
    loading ??= options
      .load({
        ...options.backendOptions,
        onSigningRequest(request) {
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
        },
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
  }

  // Closing the modal cancels the request the frame shows: the dApp gets a rejection, never a hang.
  modal.store.subscribe((state) => {
    if (!state.open && endApproval) cancelApproval()
  })

  function cancelApproval() {
    endApproval?.()
    loaded?.abortPending()
  }

  /** Runs one step of a flow; a newer flow (or leaving it) makes older answers void. */
  const run = async (
    step: AuthStep,
    work: (backend: AuthBackend, current: () => boolean) => Promise<void>,
  ) => {
    const mine = ++attempt
    const current = () => mine === attempt
    patch({ step, error: undefined })
    try {
      await work(await backend(), current)
    } catch (error) {
      if (!current()) return
      const failure = toPorticoError(error)
      // A failed code check keeps the code entry open; anything else goes back to where it started.
      const failedStep = store.getState().step
      const backToCode = failedStep === 'otp' || failedStep === 'verifying'
      patch({ step: backToCode ? 'otp' : 'idle', error: failure })
      // The code entry says it under the field (an alert): a toast would say it a second time.
      if (!backToCode) toast.show('error', errorMessage(failure))
    }
  }

  const finishLogin = async (current: () => boolean) => {
    if (!current()) return
    patch({ step: 'connecting' })
    await options.onLoggedIn()
    if (current()) patch({ step: 'idle', error: undefined })
  }

  /** Mails the step-up code and shows the code entry (the view the login was in gives way to it). */
  const askForStepUp = async (wallet: AuthBackend, current: () => boolean, resend: boolean) => {
    patch({ step: 'sending' })
    const email = await wallet.requestStepUp()
    if (!current()) return
    patch({ step: 'otp', stepUp: { email }, resendAt: now() + EMAIL_LOGIN_COOLDOWN_SECONDS * 1000 })
    if (!resend) router.replace('EmailVerifyOtp')
  }

  /** Runs a login's connect step; true when the wallet is ready, false when a step-up code is asked for. */
  const connectOrStepUp = async (
    wallet: AuthBackend,
    current: () => boolean,
    connect: () => Promise<void>,
  ) => {
    try {
      await connect()
      return true
    } catch (error) {
      if (!(error instanceof StepUpRequiredError)) throw error
    }
    if (current()) await askForStepUp(wallet, current, false)
    return false
  }

  const sendCode = (email: string, resend: boolean) =>
    run('sending', async (wallet, current) => {
      patch({ stepUp: undefined })
      const action = await wallet.connectEmail(email)
      if (!current()) return
      patch({ email, resendAt: now() + EMAIL_LOGIN_COOLDOWN_SECONDS * 1000 })
      if (action === 'VERIFY_OTP') {
        patch({ step: 'otp' })
        if (!resend) router.push('EmailVerifyOtp')
        return
      }
      patch({ step: 'device' })
      router.push('EmailVerifyDevice')
      await wallet.connectDevice()
      if (!current()) return
      patch({ step: 'otp', resendAt: now() + EMAIL_LOGIN_COOLDOWN_SECONDS * 1000 })
      router.replace('EmailVerifyOtp')
    })

  return {
    store,
    backend,
    provider: () => loaded?.provider,
    startEmail: (email) => sendCode(email.trim(), false),
    resendCode() {
      const { email, stepUp } = store.getState()
      if (stepUp) return run('sending', (wallet, current) => askForStepUp(wallet, current, true))
      return email ? sendCode(email, true) : Promise.resolve()
    },
    submitOtp: (otp) =>
      run('verifying', async (wallet, current) => {
        if (store.getState().stepUp) {
          await wallet.connectStepUpOtp(otp)
          if (!current()) return
          patch({ stepUp: undefined })
          await finishLogin(current)
          return
        }
        if (await connectOrStepUp(wallet, current, () => wallet.connectOtp(otp))) await finishLogin(current)
      }),
    startSocial(provider) {
      endSocial()
      // Opened now, inside the click; pointed at the provider once the frame has made the flow.
      const popup = openPopup()
      const flow: NonNullable<typeof social> = { popup, timer: undefined }
      let closedByVisitor = false
      social = flow
      if (popup) {
        // A closed window never answers: the frame takes a last look for a result, then gives up.
        flow.timer = setInterval(() => {
          if (!popup.closed) return
          clearInterval(flow.timer)
          closedByVisitor = true
          loaded?.socialWindowClosed()
        }, popupWatchMs)
      }
      patch({ socialProvider: provider, stepUp: undefined, popupBlocked: !popup, socialUrl: undefined })
      router.push('ConnectingSocial')
      void run('social', async (wallet, current) => {
        try {
          const connected = await connectOrStepUp(wallet, current, async () => {
            const uri = await wallet.socialRedirectUri(provider)
            if (!current()) return
            if (closedByVisitor) throw socialWindowClosed()
            patch({ socialUrl: uri })
            if (popup) popup.location.href = uri
            await wallet.connectSocial(uri).catch((error: unknown) => {
              // The frame's last look found nothing: the visitor left before signing in.
              if (closedByVisitor && !(error instanceof StepUpRequiredError)) throw socialWindowClosed(error)
              throw error
            })
          })
          if (connected) await finishLogin(current)
        } finally {
          endSocial(flow, false)
        }
      })
    },
    startFarcaster: () => {
      patch({
        socialProvider: 'farcaster',
        farcasterUrl: undefined,
        farcasterCode: undefined,
        stepUp: undefined,
      })
      router.push('ConnectingFarcaster')
      return run('farcaster', async (wallet, current) => {
        const { uri, code } = await wallet.farcasterUri()
        if (!current()) return
        patch({ farcasterUrl: uri, farcasterCode: code })
        if (await connectOrStepUp(wallet, current, () => wallet.connectFarcaster()))
          await finishLogin(current)
      })
    },
    startPasskey: () => {
      patch({ socialProvider: 'passkey', stepUp: undefined, passkeyError: undefined })
      router.push('ConnectingPasskey')
      return run('passkey', async (wallet, current) => {
        try {
          if (await connectOrStepUp(wallet, current, () => wallet.connectPasskey()))
            await finishLogin(current)
        } catch (error) {
          if (!current()) return
          // Back to the list of sign-in options, which says what happened beside the passkey option.
          if (router.current()?.view === 'ConnectingPasskey') router.goBack()
          patch({ step: 'idle', passkeyError: toPorticoError(error) })
        }
      })
    },
    updateEmail: (email) =>
      run('idle', async (wallet, current) => {
        patch({ update: { email, step: 'sending' } })
        const action = await wallet.updateEmail(email.trim())
        if (!current()) return
        patch({
          update: { email, step: action === 'VERIFY_PRIMARY_OTP' ? 'primary' : 'secondary' },
          resendAt: now() + EMAIL_LOGIN_COOLDOWN_SECONDS * 1000,
        })
        router.push(action === 'VERIFY_PRIMARY_OTP' ? 'UpdateEmailPrimaryOtp' : 'UpdateEmailSecondaryOtp')
      }),
    submitUpdateOtp: (otp) =>
      run('idle', async (wallet, current) => {
        const update = store.getState().update
        if (!update) return
        if (update.step === 'primary') {
          await wallet.updateEmailPrimaryOtp(otp)
          if (!current()) return
          patch({
            update: { ...update, step: 'secondary' },
            resendAt: now() + EMAIL_LOGIN_COOLDOWN_SECONDS * 1000,
          })
          router.replace('UpdateEmailSecondaryOtp')
          return
        }
        const newEmail = await wallet.updateEmailSecondaryOtp(otp)
        if (!current()) return
        const user = store.getState().user
        patch({ update: undefined, email: newEmail, user: user ? { ...user, email: newEmail } : user })
        toast.show('success', t('emailUpdated'))
        router.reset('Account')
      }),
    resendUpdateCode: () =>
      run('sending', async (wallet, current) => {
        const update = store.getState().update
        if (!update) return
        // The first code is the change asked again; the second one is resent alone (the first stays proved).
        if (update.step === 'primary') await wallet.updateEmail(update.email.trim())
        else await wallet.resendUpdateEmailSecondaryOtp()
        if (current()) patch({ step: 'idle', resendAt: now() + EMAIL_LOGIN_COOLDOWN_SECONDS * 1000 })
      }),
    async setPreferredAccountType(type) {
      const wallet = await backend()
      patch({ accountTypePending: true })
      try {
        // Spec §4: smart-account networks fall back to [] and the preferred account to EOA on error.
        const networks =
          type === 'smartAccount' ? await wallet.smartAccountNetworks().catch((): number[] => []) : undefined
        if (networks) patch({ smartAccountNetworks: networks })
        let granted: AuthState['preferredAccountType'] = 'eoa'
        if (type === 'eoa' || (networks && networks.length > 0)) {
          try {
            granted = await wallet.setPreferredAccount(type)
          } catch (error) {
            // Rejected in the wallet window, or the upgrade failed: the visitor is told which.
            toast.show('error', errorMessage(toPorticoError(error)))
          }
        }
        // Only the wallet's answer changes what the account is; a refusal leaves it as it was.
        patch({
          preferredAccountType: granted,
          ...(granted === 'smartAccount' ? { smartAccountDeployed: true } : {}),
        })
      } finally {
        patch({ accountTypePending: false })
      }
      router.reset(options.afterAccountType?.() ?? 'Account')
    },
    setAccountType: (account) => patch(account),
    async loadSmartAccountNetworks() {
      const networks = await (await backend()).smartAccountNetworks().catch((): number[] => [])
      patch({ smartAccountNetworks: networks })
    },
    exportKey: () =>
      run('idle', async (wallet, current) => {
        patch({ keyExport: 'waiting' })
        try {
          const outcome = await wallet.exportKey()
          if (current()) patch({ keyExport: outcome })
        } catch (error) {
          if (current()) patch({ keyExport: undefined })
          throw error
        }
      }),
    cancelApproval,
    setUser: (user) => patch({ user }),
    async signOut() {
      attempt++
      endSocial()
      endApproval?.()
      const wallet = loaded
      patch({
        step: 'idle',
        user: undefined,
        email: undefined,
        error: undefined,
        update: undefined,
        stepUp: undefined,
        keyExport: undefined,
      })
      if (wallet) {
        wallet.abortPending()
        await wallet.signOut()
      }
    },
    reset() {
      attempt++
      endSocial()
      patch({ step: 'idle', error: undefined, stepUp: undefined, passkeyError: undefined })
    },
  }
}
