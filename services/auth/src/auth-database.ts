import type { Generated } from 'kysely'

export type GuessPool = 'confirmed' | 'other'

/** Each flow has its own 30 s cooldown (a sign-in code does not hold up an e-mail change); all share the cap. */
export type MailFlow = 'sign-in' | 'email-change'

export interface UsersTable {
  id: string
  email: string | null
  user_name: string | null
  social_provider: string | null
  social_subject: string | null
  created_at: Generated<Date>
}

export interface DevicesTable {
  user_id: string
  device_id: string
  trusted_at: Date
}

/** One live code per (purpose, subject, device): a new code replaces that device's earlier one. */
export interface OneTimeCodesTable {
  purpose: string
  subject: string
  /** Only the device that asked for the code may redeem it. */
  device_id: string
  email: string
  code_hash: string
  new_email: string | null
  sent_at: Date
  expires_at: Date
  failed_attempts: number
  used_at: Date | null
}

export interface DeviceConfirmationsTable {
  token_hash: string
  email: string
  device_id: string
  /** Unused since 0004: the account of the address is found (or made) when the link is confirmed. */
  user_id: string | null
  expires_at: Date
  confirmed_at: Date | null
}

export interface SessionsTable {
  token_hash: string
  user_id: string
  device_id: string
  expires_at: Date
  revoked_at: Date | null
  created_at: Generated<Date>
  /** Refreshed at most once a minute; a session idle longer than the idle time-out is signed out. */
  last_used_at: Date | null
}

export interface WalletsTable {
  user_id: string
  address: string
  auth_share: string
  /**
   * The service's own copy of the recovery share (custodial, or a wallet made before user-held custody
   * that has not migrated yet): AES-256-GCM under the master key, base64url(iv | tag | ciphertext), user
   * id as AAD. Null for a user-held wallet.
   */
  recovery_share_sealed: string | null
  /** The user-held recovery envelope (see wire's recoveryEnvelopeSchema): opaque to the service. */
  recovery_kind: 'passkey' | 'code' | null
  recovery_ciphertext: string | null
  recovery_salt: string | null
  recovery_credential_id: string | null
  created_at: Generated<Date>
}

/**
 * A social login the frame started: the id is the service's, the secret hash binds it to the frame that
 * holds the secret. started_at is set by the one /social/start it allows.
 */
export interface SocialLoginFlowsTable {
  flow_id: string
  secret_hash: string
  provider: string
  device_id: string
  started_at: Date | null
  expires_at: Date
  /** The shipped locale the sign-in window's pages are written in; null for English. */
  language: string | null
}

/** One authorization request to a provider (keyed by its OAuth state) of a social login flow. */
export interface SocialFlowsTable {
  state: string
  flow_id: string
  provider: string
  device_id: string
  code_verifier: string
  nonce: string
  /** sha256 of the cookie set in the browser that started the flow; the callback must carry it. */
  browser_hash: string
  expires_at: Date
}

/** Finished social (and farcaster) logins waiting for the frame; the session is minted on redemption. */
export interface LoginResultsTable {
  flow_id: string
  user_id: string | null
  device_id: string
  error: string | null
  expires_at: Date
  redeemed_at: Date | null
}

export interface FarcasterAccountsTable {
  fid: Generated<number>
  username: string
}

/** Nonces already handed to a channel: a nonce names one channel only (kept as long as the channel). */
export interface FarcasterNoncesTable {
  nonce: string
  expires_at: Date
}

/** Sign In With Farcaster relay channels; status is 'pending', 'completed' or 'rejected'. */
export interface FarcasterChannelsTable {
  channel_token: string
  nonce: string
  domain: string
  uri: string
  status: string
  message: string | null
  signature: string | null
  fid: number | null
  username: string | null
  display_name: string | null
  pfp_url: string | null
  custody: string | null
  expires_at: Date
  /** Set when /auth/v1/farcaster/channel opened it: only that device may redeem it. */
  device_id: string | null
  /** The dApp origin the visitor signs in to (the frame's parent), named on the approval page. */
  site: string | null
}

/** One row per address that was mailed or guessed at: locked to count that address's events one at a time. */
export interface AddressLimitsTable {
  email: string
}

/**
 * What is counted per address: a 'mail' (scope: its flow, 'sign-in' or 'email-change', for the cooldown)
 * and a 'wrong-guess' (scope: the pool, 'confirmed' devices or 'other' ones).
 */
export interface AddressEventsTable {
  email: string
  kind: 'mail' | 'wrong-guess'
  scope: MailFlow | GuessPool
  at: Date
}

/** A step-up code (POST /keys/step-up) confirmed on this device lately: what /keys/recover asks for. */
export interface StepUpsTable {
  user_id: string
  device_id: string
  verified_at: Date
}

export interface RecoveryAttemptsTable {
  user_id: string
  client_ip: string
  at: Date
}

/** A passkey that signs its account in: what the service needs to check its assertions. */
export interface PasskeyCredentialsTable {
  /** base64url, as the authenticator made it. */
  credential_id: string
  user_id: string
  /** base64url COSE public key. */
  public_key: string
  /** The authenticator's signature counter last seen (a bigint column: PostgreSQL answers a string). */
  counter: string | number | bigint
  /** Comma-separated WebAuthn transports the browser reported. */
  transports: string | null
  created_at: Date
  last_used_at: Date | null
}

/**
 * A WebAuthn challenge handed to a device, redeemed once. `purpose` is 'register' (with the id the new
 * account gets, which is also the passkey's user handle) or 'sign-in' (any of the service's passkeys).
 */
export interface PasskeyChallengesTable {
  challenge: string
  purpose: 'register' | 'sign-in'
  device_id: string
  user_id: string | null
  expires_at: Date
}

/** A mail not yet sent (see mail-outbox.ts); `sealed` holds recipient, subject and text, encrypted. */
export interface MailOutboxTable {
  id: string
  sealed: string
  attempts: Generated<number>
  next_attempt_at: Date
  /** Set while one replica sends it; another takes it over once this has passed. */
  claimed_until: Date | null
  expires_at: Date
}

export interface AuthDatabase {
  users: UsersTable
  devices: DevicesTable
  one_time_codes: OneTimeCodesTable
  device_confirmations: DeviceConfirmationsTable
  sessions: SessionsTable
  wallets: WalletsTable
  social_login_flows: SocialLoginFlowsTable
  social_flows: SocialFlowsTable
  login_results: LoginResultsTable
  farcaster_accounts: FarcasterAccountsTable
  farcaster_channels: FarcasterChannelsTable
  farcaster_nonces: FarcasterNoncesTable
  address_limits: AddressLimitsTable
  address_events: AddressEventsTable
  step_ups: StepUpsTable
  recovery_attempts: RecoveryAttemptsTable
  passkey_credentials: PasskeyCredentialsTable
  passkey_challenges: PasskeyChallengesTable
  mail_outbox: MailOutboxTable
}
