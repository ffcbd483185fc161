import type { PorticoError } from '../errors/errors.js'
import type { ModalController } from '../modal/modal-controller.js'
import type { Router, ViewName } from '../modal/router.js'
import type { ToastController } from '../modal/toast-controller.js'
import type { Store } from '../store.js'
import type {
  AuthApprovalRequest,
  AuthBackend,
  AuthBackendOptions,
  FrameSocialProvider,
  KeyExportOutcome,
  LoadAuthBackend,
  SignInMethod,
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
  /** The smart account is the EOA itself (EIP-7702): the Account view offers no switch back to an EOA. */
  upgradedInPlace?: boolean | undefined
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
  setPreferredAccountType(type: 'eoa' | 'smartAccount', options?: { sameAddress?: boolean }): Promise<void>
  /** The account type as the wallet reports it with the user (on connect and reconnect). */
  setAccountType(
    account: Pick<AuthState, 'preferredAccountType' | 'smartAccountDeployed' | 'upgradedInPlace'>,
  ): void
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
