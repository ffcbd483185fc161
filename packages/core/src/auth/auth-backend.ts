import type { FRAME_SOCIAL_PROVIDERS, SOCIAL_PROVIDERS } from '../config/constants.js'
import type { ChainId } from '../connection/caip.js'
import type { Connection } from '../connection/connection-controller.js'
import type { KeyValueStorage } from '../connection/key-value-storage.js'
import type { Network } from '../connection/networks.js'
import { PorticoError } from '../errors/errors.js'

/** An ERC-7715 permission the embedded wallet granted: amounts in the token's base units, expiry in seconds. */
export type GrantedPermission = {
  context: string
  origin: string
  chainId: number
  expiry: number
  allowances: { token?: string | undefined; symbol: string; decimals: number; limit: string; spent: string }[]
}

export type SocialOption = (typeof SOCIAL_PROVIDERS)[number]
/** How an embedded-wallet user signed in without e-mail: a social account, Farcaster, or a passkey. */
export type SignInMethod = SocialOption | 'passkey'
export type FrameSocialProvider = (typeof FRAME_SOCIAL_PROVIDERS)[number]

/** A request the embedded wallet would sign or send; the visitor approves it inside the wallet frame. */
export interface AuthApprovalRequest {
  method: string
  params: unknown
}

/**
 * A login succeeded, but this device must confirm a fresh code from the user's mailbox before the
 * wallet is recovered on it: call `requestStepUp`, then `connectStepUpOtp` with the visitor's code.
 */
export class StepUpRequiredError extends PorticoError {
  override name = 'StepUpRequiredError'
  constructor(
    message = 'A fresh one-time code must be confirmed on this device.',
    options: { cause?: unknown } = {},
  ) {
    super('AUTH_STEP_UP_REQUIRED', message, options)
  }
}

/**
 * A one-time code was refused; `attemptsLeft` more may be tried before a new code must be asked for
 * (none left: OTP_LOCKED).
 */
export class WrongCodeError extends PorticoError {
  override name = 'WrongCodeError'
  readonly attemptsLeft: number
  constructor(message: string, attemptsLeft: number, options: { cause?: unknown } = {}) {
    super(attemptsLeft > 0 ? 'AUTH_INVALID_OTP' : 'AUTH_OTP_LOCKED', message, {
      ...options,
      params: { n: attemptsLeft },
    })
    this.attemptsLeft = attemptsLeft
  }
}

/** How a key export ended, as the dApp hears it. */
export type KeyExportOutcome = 'done' | 'cancelled' | 'unavailable' | 'locked'

export interface AuthUserInfo {
  address: string
  chainId: number
  email: string | null
  userName: string | null
  socialProvider: SignInMethod | null
  /** The account runs smart-account code on the current chain (EIP-7702), at the same address. */
  smartAccountDeployed: boolean
  preferredAccountType: 'eoa' | 'smartAccount'
  /** The smart account is the EOA itself, upgraded through EIP-7702: there is no other account to switch to. */
  upgradedInPlace: boolean
}

export interface AuthBackendOptions {
  /** Where the dApp-side login cache lives: the instance's own storage. */
  storage: KeyValueStorage | undefined
  authUrl: string
  projectId: string
  chainId: number
  /** The modal's theme now: the wallet frame's approval sheet follows it. */
  themeMode(): 'light' | 'dark'
  metadata:
    | { name: string; description?: string | undefined; url: string; icons?: string[] | undefined }
    | undefined
  /**
   * A signing request went to the wallet frame, which shows it and takes the visitor's answer in its own
   * origin. The modal shows that it waits (and can cancel); the returned function ends that wait.
   */
  onSigningRequest(request: AuthApprovalRequest): () => void
  /** A dApp asked for a method outside the allowed list. */
  onNotAllowed(method: string): void
}

/**
 * The embedded wallet as the modal sees it: the hidden wallet frame behind a few calls. Implemented by
 * `frame-auth-backend.ts` and the frame client in `auth/`, which are imported only when the visitor
 * starts an e-mail or social login (or a previous auth session is being restored).
 */
export interface AuthBackend {
  connectEmail(email: string): Promise<'VERIFY_OTP' | 'VERIFY_DEVICE'>
  connectDevice(): Promise<void>
  connectOtp(otp: string): Promise<void>
  socialRedirectUri(provider: FrameSocialProvider): Promise<string>
  connectSocial(uri: string): Promise<void>
  /**
   * The provider's window is closed (by the visitor, or by the modal on Cancel): the pending
   * `connectSocial` takes a last look for a result, then fails.
   */
  socialWindowClosed(): void
  /** The Farcaster approval link, and the short code the approval shows too (when the service gives one). */
  farcasterUri(): Promise<{ uri: string; code: string | undefined }>
  connectFarcaster(): Promise<void>
  /**
   * Passkey sign-in: the frame shows its own sheet (sign in with a passkey, or create one) and runs the
   * ceremony on the auth origin; resolves once signed in.
   */
  connectPasskey(): Promise<void>
  /** Mails a step-up code to the signed-in user; answers the address it went to. */
  requestStepUp(): Promise<string>
  connectStepUpOtp(otp: string): Promise<void>
  isConnected(): Promise<boolean>
  getUser(chainId: number): Promise<AuthUserInfo>
  /**
   * The embedded wallet's connections beside its EVM one: its Solana account (derived in the frame) on the
   * chosen Solana network of `networks`, else the first; none without Solana networks or a session.
   */
  otherConnections(networks: readonly Network[], chosen: ChainId | undefined): Promise<Connection[]>
  signOut(): Promise<void>
  updateEmail(email: string): Promise<'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP'>
  updateEmailPrimaryOtp(otp: string): Promise<void>
  /** Mails the new address a fresh code (the current address's code stays proved). */
  resendUpdateEmailSecondaryOtp(): Promise<void>
  updateEmailSecondaryOtp(otp: string): Promise<string>
  /**
   * Shows the wallet's private keys in the wallet's own window, once the visitor confirmed its recovery
   * factor there; answers only how it ended (the key never reaches the dApp page). `unavailable`: the
   * wallet has no factor of the visitor's own; `locked`: too many wrong codes, try again later.
   */
  exportKey(): Promise<KeyExportOutcome>
  /**
   * Asks for a smart account or an EOA; answers the type in effect. `smartAccount` is the key's own
   * counterfactual ERC-4337 account (another address); with `sameAddress`, the EOA is upgraded in place
   * (EIP-7702), which waits for the visitor's approval in the wallet window and for its transaction. A
   * refusal or failure rejects (a PorticoError).
   */
  setPreferredAccount(
    type: 'eoa' | 'smartAccount',
    options?: { sameAddress?: boolean },
  ): Promise<'eoa' | 'smartAccount'>
  /** Chain ids where smart accounts are on; [] when the wallet cannot say. */
  smartAccountNetworks(): Promise<number[]>
  /** The account's live ERC-7715 permissions (spend limits a dApp was granted), as the wallet keeps them. */
  permissions(): Promise<GrantedPermission[]>
  /** Forgets a permission in the wallet: calls naming its context are refused from then on. */
  revokePermission(context: string): Promise<void>
  /** Rejects pending signing requests with 'Request was aborted'; read-only ones continue. */
  abortPending(): void
  /** EIP-1193 provider of the embedded wallet, for the chain adapter. */
  provider: unknown
}

export type LoadAuthBackend = (options: AuthBackendOptions) => Promise<AuthBackend>
