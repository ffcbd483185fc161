import * as z from 'zod/mini'

/**
 * The HTTP contract between the wallet frame and the auth service. Both sides parse with these
 * schemas: the service its request bodies, the frame the answers. Paths are under `/auth/v1`.
 * Every error answer is `{ error: { code, message, retryAfterSeconds?, attemptsLeft? } }` with a 4xx.
 */

export const AUTH_API_PREFIX = '/auth/v1'

export const emailSchema = z.email()
/** A random id the frame makes once and keeps in its own (partitioned) storage. */
export const deviceIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/))
export const otpSchema = z.string().check(z.regex(/^\d{6}$/))
export const socialProviderSchema = z.enum(['google', 'github', 'apple', 'facebook', 'x', 'discord'])
export type SocialProvider = z.infer<typeof socialProviderSchema>
/**
 * How a user signed in without e-mail: a social account (the six above), Farcaster's own flow, or a
 * passkey account (its passkey alone is its sign-in).
 */
export const socialOptionSchema = z.enum([...socialProviderSchema.options, 'farcaster', 'passkey'])
/** A social-login flow's id: made by the service (32 random bytes, base64url), never by the client. */
export const flowIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/))
/** A secret only the frame holds (64 lowercase hex characters); redeeming the flow's result needs it. */
export const flowSecretSchema = z.string().check(z.regex(/^[0-9a-f]{64}$/))
/**
 * sha256 (hex) of the flow secret, bound to the flow when it starts. The hash is taken over the UTF-8
 * bytes of the secret string, as Node's `createHash('sha256').update(secret).digest('hex')` does.
 */
export const flowSecretHashSchema = z.string().check(z.regex(/^[0-9a-f]{64}$/))
export const hexShareSchema = z.string().check(z.regex(/^[0-9a-f]+$/), z.maxLength(1024))
export const addressSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))

export const authErrorCodeSchema = z.enum([
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'COOLDOWN',
  'INVALID_OTP',
  'OTP_EXPIRED',
  'OTP_LOCKED',
  'RATE_LIMITED',
  'NOT_FOUND',
  'CONFLICT',
  'ORIGIN_NOT_ALLOWED',
  'PROVIDER_ERROR',
  /** /keys/recover: confirm a fresh one-time code on this device first (POST /keys/step-up). */
  'STEP_UP_REQUIRED',
])
export type AuthErrorCode = z.infer<typeof authErrorCodeSchema>

export const authErrorBodySchema = z.object({
  error: z.object({
    code: authErrorCodeSchema,
    message: z.string(),
    retryAfterSeconds: z.optional(z.number()),
    attemptsLeft: z.optional(z.number()),
  }),
})

export const authUserSchema = z.object({
  id: z.string(),
  email: z.nullable(z.string()),
  userName: z.nullable(z.string()),
  socialProvider: z.nullable(socialOptionSchema),
})
export type AuthUser = z.infer<typeof authUserSchema>

/** Bearer token for `Authorization: Bearer <token>`; a login rotates it, sign-out revokes it. */
export const authSessionSchema = z.object({ token: z.string(), expiresAt: z.string() })

export const loginResultSchema = z.object({ session: authSessionSchema, user: authUserSchema })
export type LoginResult = z.infer<typeof loginResultSchema>

// POST /email/start — mails a code (VERIFY_OTP) or, for a known user on a new device, a confirm link (VERIFY_DEVICE).
export const emailStartRequestSchema = z.object({ email: emailSchema, deviceId: deviceIdSchema })
export const emailStartResponseSchema = z.object({ action: z.enum(['VERIFY_OTP', 'VERIFY_DEVICE']) })

// POST /device/wait — long poll (≤ 25 s); once the mailed link is confirmed the service mails the code.
export const deviceWaitRequestSchema = emailStartRequestSchema
export const deviceWaitResponseSchema = z.object({ confirmed: z.boolean() })

// POST /email/verify — answers LoginResult, or INVALID_OTP (attemptsLeft), OTP_EXPIRED, OTP_LOCKED.
export const emailVerifyRequestSchema = z.object({
  email: emailSchema,
  otp: otpSchema,
  deviceId: deviceIdSchema,
})

// POST /social/flow — the service makes the flow (404 NOT_FOUND for a provider it does not offer) and
// answers its id and the popup's address. GET /social/start?flow= is the sign-in window's page: it asks
// the frame of its opener for the flow's secret (SOCIAL_BIND → SOCIAL_PROOF), then POST /social/bind
// (once per flow) marks this browser with a cookie and answers the provider's address. The callback
// finishes the flow only in that browser, and its page nudges the frame.
export const SOCIAL_BIND_MESSAGE_TYPE = 'portico:social-bind'
export const SOCIAL_PROOF_MESSAGE_TYPE = 'portico:social-proof'
export const socialFlowRequestSchema = z.object({
  provider: socialProviderSchema,
  deviceId: deviceIdSchema,
  secretHash: flowSecretHashSchema,
})
export const socialFlowResponseSchema = z.object({ flowId: flowIdSchema, url: z.string() })
// POST /social/result — long poll (≤ 25 s) redeemed with the flow id and the secret whose sha256 it is bound to.
export const socialResultRequestSchema = z.object({ flowId: flowIdSchema, secret: flowSecretSchema })
export const socialResultResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('pending') }),
  z.object({ status: z.literal('done'), session: authSessionSchema, user: authUserSchema }),
  z.object({ status: z.literal('error'), message: z.string() }),
])
export type SocialResultResponse = z.infer<typeof socialResultResponseSchema>

// POST /farcaster/channel — opens a Sign In With Farcaster channel; `url` is what the visitor opens.
// `site` is the dApp's origin (what the visitor is signing in to), named on the approval page; `code`
// is the short code both the approval page and the visitor's modal show, so a request someone else
// started is told apart from one's own.
export const farcasterChannelRequestSchema = z.object({
  deviceId: deviceIdSchema,
  site: z.optional(z.url({ protocol: /^https?$/ }).check(z.maxLength(300))),
})
export const farcasterChannelResponseSchema = z.object({
  channelToken: z.string(),
  url: z.string(),
  code: z.optional(z.string()),
})
// POST /farcaster/connect — long poll (≤ 25 s) until the channel is approved and verified.
export const farcasterConnectRequestSchema = z.object({ channelToken: z.string(), deviceId: deviceIdSchema })
export const farcasterConnectResponseSchema = socialResultResponseSchema

// GET /session (auth) → { user }; POST /signout (auth) → 204.
export const sessionResponseSchema = z.object({ user: authUserSchema })

/**
 * Who can rebuild a key. user-held (the default): the service keeps one share (the auth share); the
 * recovery share is sealed on the device under a factor only the user holds. custodial (an operator's
 * explicit choice): the service also keeps the recovery share, sealed under its master key.
 */
export const custodySchema = z.enum(['user-held', 'custodial'])
export type Custody = z.infer<typeof custodySchema>
const base64urlSchema = (min: number, max: number) =>
  z.string().check(z.regex(/^[A-Za-z0-9_-]+$/), z.minLength(min), z.maxLength(max))
/**
 * The recovery share, sealed in the frame (AES-256-GCM, key by HKDF-SHA-256 from a passkey's PRF output
 * or a recovery code): the service stores it and hands it back, and cannot open it.
 */
export const recoveryEnvelopeSchema = z.object({
  kind: z.enum(['passkey', 'code']),
  /** base64url(iv | ciphertext | tag). */
  ciphertext: base64urlSchema(40, 400),
  /** base64url, 32 bytes: the HKDF salt, and for a passkey the PRF input. */
  salt: base64urlSchema(43, 43),
  /** The passkey that seals it (base64url credential id); absent for a recovery code. */
  credentialId: z.optional(base64urlSchema(16, 1400)),
})
export type RecoveryEnvelope = z.infer<typeof recoveryEnvelopeSchema>

// GET /keys (auth) → { custody, wallet: null | { address, authShare, recovery, sealedRecoveryShare } }:
// recovery is the user's envelope (null for a wallet made before user-held custody); sealedRecoveryShare
// says the service still holds a recovery share of its own (custodial, or a wallet not yet migrated).
// POST /keys (auth) { address, authShare, recovery } → 201 (user-held); custodial takes { address,
// authShare, recoveryShare } instead. 409 CONFLICT if the user has a wallet.
// POST /keys/rekey (auth) { authShare, recovery, signature } → 204: a new split of the same key (the
// migration of a custodial wallet, or a new recovery factor). signature: the wallet key's personal_sign
// of rekeyMessage(...), so a session alone cannot replace the shares; the service's own recovery share
// is deleted (user-held). 409 CONFLICT when the auth share changed meanwhile.
// POST /keys/recover (auth) → { address, authShare, recoveryShare } only where the service holds a
// recovery share (custodial, or not yet migrated), once per step-up: a code mailed for the purpose and
// confirmed on this device within 5 minutes (a sign-in's own code is no step-up). Otherwise 403
// STEP_UP_REQUIRED; 409 CONFLICT when the service holds no recovery share (user-held: recover with the
// passkey or recovery code in the frame); 429 RATE_LIMITED past the per-user or per-client cap.
// POST /keys/step-up (auth) {} → 204: mails a code, bound to this device, to the account's address
// (409 CONFLICT when the account has none). POST /keys/step-up/verify (auth) { otp } → 204, or the
// errors of /email/verify.
export const stepUpVerifyRequestSchema = z.object({ otp: otpSchema })
export const walletKeysResponseSchema = z.object({
  custody: custodySchema,
  wallet: z.nullable(
    z.object({
      address: addressSchema,
      authShare: hexShareSchema,
      recovery: z.nullable(recoveryEnvelopeSchema),
      sealedRecoveryShare: z.boolean(),
    }),
  ),
})
export const storeKeysRequestSchema = z.object({
  address: addressSchema,
  authShare: hexShareSchema,
  recovery: z.optional(recoveryEnvelopeSchema),
  recoveryShare: z.optional(hexShareSchema),
})
export const rekeyRequestSchema = z.object({
  authShare: hexShareSchema,
  recovery: recoveryEnvelopeSchema,
  signature: z.string().check(z.regex(/^0x[0-9a-fA-F]{130}$/)),
})
export type RekeyRequest = z.infer<typeof rekeyRequestSchema>
/**
 * What the wallet key signs to re-split itself: bound to the user, the address and the auth share it
 * replaces, so a signature cannot be replayed once the shares changed.
 */
export function rekeyMessage(input: {
  userId: string
  address: string
  currentAuthShare: string
  authShare: string
  recovery: RecoveryEnvelope
}): string {
  const { kind, salt, credentialId, ciphertext } = input.recovery
  return [
    'Portico wallet re-key',
    `user: ${input.userId}`,
    `address: ${input.address.toLowerCase()}`,
    `from: ${input.currentAuthShare}`,
    `to: ${input.authShare}`,
    `recovery: ${kind} ${salt} ${credentialId ?? '-'} ${ciphertext}`,
  ].join('\n')
}
export const recoverKeysResponseSchema = z.object({
  address: addressSchema,
  authShare: hexShareSchema,
  recoveryShare: hexShareSchema,
})

// POST /email/update (auth) { email } → VERIFY_PRIMARY_OTP (code to the current address) or
// VERIFY_SECONDARY_OTP (no current address: code to the new one).
export const emailUpdateRequestSchema = z.object({ email: emailSchema })
export const emailUpdateResponseSchema = z.object({
  action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']),
})
// POST /email/update/primary (auth) { otp } → { action: 'VERIFY_SECONDARY_OTP' } (code now mailed to the new address)
export const emailUpdatePrimaryRequestSchema = z.object({ otp: otpSchema })
// POST /email/update/secondary/resend (auth) {} → { action: 'VERIFY_SECONDARY_OTP' } (a fresh code to the new address)
// POST /email/update/secondary (auth) { otp } → { newEmail }
export const emailUpdateSecondaryRequestSchema = emailUpdatePrimaryRequestSchema
export const emailUpdateSecondaryResponseSchema = z.object({ newEmail: emailSchema })

// Passkey sign-in (WebAuthn). The ceremony runs in the wallet frame, on the auth origin: the relying
// party is the auth service's host, never the dApp's. POST /passkey/register/options and
// /passkey/sign-in/options hand the device a single-use challenge (a few minutes) in the options;
// POST /passkey/register/verify and /passkey/sign-in/verify redeem it with the authenticator's answer
// and answer a LoginResult. 404 NOT_FOUND when the operator has passkey sign-in off.
const webauthnBytesSchema = (max: number) => z.string().check(z.regex(/^[A-Za-z0-9_-]*$/), z.maxLength(max))
export const passkeyOptionsRequestSchema = z.object({ deviceId: deviceIdSchema })
/** What the frame needs of navigator.credentials.create's options (WebAuthn's JSON form). */
export const passkeyRegistrationOptionsSchema = z.object({
  challenge: webauthnBytesSchema(128),
  rp: z.object({ id: z.string().check(z.maxLength(253)), name: z.string().check(z.maxLength(100)) }),
  user: z.object({
    id: webauthnBytesSchema(128),
    name: z.string().check(z.maxLength(100)),
    displayName: z.string().check(z.maxLength(100)),
  }),
  pubKeyCredParams: z
    .array(z.object({ type: z.literal('public-key'), alg: z.number().check(z.int()) }))
    .check(z.maxLength(16)),
  timeout: z.optional(z.number().check(z.positive())),
})
export const passkeyRegistrationOptionsResponseSchema = z.object({
  options: passkeyRegistrationOptionsSchema,
})
/** What the frame needs of navigator.credentials.get's options: no credential list (discoverable passkeys). */
export const passkeySignInOptionsResponseSchema = z.object({
  options: z.object({
    challenge: webauthnBytesSchema(128),
    rpId: z.string().check(z.maxLength(253)),
    timeout: z.optional(z.number().check(z.positive())),
  }),
})
const credentialIdSchema = webauthnBytesSchema(1400).check(z.minLength(16))
/** The authenticator's answer to create(), as WebAuthn's toJSON() writes it. */
export const passkeyRegistrationResponseSchema = z.object({
  id: credentialIdSchema,
  rawId: credentialIdSchema,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: webauthnBytesSchema(8192),
    attestationObject: webauthnBytesSchema(32_768),
    transports: z.optional(z.array(z.string().check(z.maxLength(32))).check(z.maxLength(8))),
  }),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
  clientExtensionResults: z.record(z.string(), z.unknown()),
})
export type PasskeyRegistrationResponse = z.infer<typeof passkeyRegistrationResponseSchema>
/** The authenticator's answer to get(), as WebAuthn's toJSON() writes it. */
export const passkeySignInResponseSchema = z.object({
  id: credentialIdSchema,
  rawId: credentialIdSchema,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: webauthnBytesSchema(8192),
    authenticatorData: webauthnBytesSchema(8192),
    signature: webauthnBytesSchema(2048),
    userHandle: z.optional(webauthnBytesSchema(128)),
  }),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
  clientExtensionResults: z.record(z.string(), z.unknown()),
})
export type PasskeySignInResponse = z.infer<typeof passkeySignInResponseSchema>
export const passkeyRegisterVerifyRequestSchema = z.object({
  deviceId: deviceIdSchema,
  response: passkeyRegistrationResponseSchema,
})
export const passkeySignInVerifyRequestSchema = z.object({
  deviceId: deviceIdSchema,
  response: passkeySignInResponseSchema,
})
