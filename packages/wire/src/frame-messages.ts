import * as z from 'zod/mini'
import {
  addressSchema,
  authErrorCodeSchema,
  emailSchema,
  otpSchema,
  socialOptionSchema,
  socialProviderSchema,
} from './auth-api.js'
import { localeTagSchema } from './locale-tag.js'

/**
 * Every message the dApp and the wallet frame exchange over postMessage. Both sides parse with these
 * schemas. App events are `{ type: '@portico-app/<X>', id, payload? }`; the frame answers each with
 * `@portico-frame/<X>_SUCCESS` or `@portico-frame/<X>_ERROR` (payload `{ message }`) carrying the same id.
 */

export const APP_EVENT_PREFIX = '@portico-app/'
export const FRAME_EVENT_PREFIX = '@portico-frame/'

/** Request ids are short and boring so they can never smuggle anything into logs or keys. */
export const messageIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/))

const shortString = (max: number) => z.string().check(z.maxLength(max))

/** A chain id as the dApp may send it: a number, a decimal or 0x string, or CAIP-2 `eip155:<n>`. */
export const chainIdInputSchema = z.union([
  z.number().check(z.int(), z.positive(), z.lte(Number.MAX_SAFE_INTEGER)),
  z.string().check(z.regex(/^(eip155:)?([1-9]\d{0,15}|0x[0-9a-fA-F]{1,13})$/)),
])
export type ChainIdInput = z.infer<typeof chainIdInputSchema>

export const preferredAccountTypeSchema = z.enum(['eoa', 'smartAccount'])
export type PreferredAccountType = z.infer<typeof preferredAccountTypeSchema>

export const themeModeSchema = z.enum(['light', 'dark'])
const themeVariablesSchema = z.record(shortString(64), z.union([shortString(256), z.number()]))

export const embeddedUserSchema = z.object({
  email: z.nullable(z.string()),
  address: addressSchema,
  chainId: z.number(),
  accounts: z.array(z.object({ address: addressSchema, type: preferredAccountTypeSchema })),
  userName: z.nullable(z.string()),
  /** How the visitor signed in (null for e-mail), so the account view can say so. */
  socialProvider: z.optional(z.nullable(socialOptionSchema)),
  smartAccountDeployed: z.boolean(),
  preferredAccountType: preferredAccountTypeSchema,
})
export type EmbeddedUser = z.infer<typeof embeddedUserSchema>

const none = z.optional(z.undefined())
const amountSchema = z.string().check(z.regex(/^\d{1,78}$/))
/** An ERC-7715 permission the wallet granted, as the account view lists it (amounts in base units). */
export const grantedPermissionSchema = z.object({
  context: z.string().check(z.regex(/^0x[0-9a-f]{64}$/)),
  origin: shortString(300),
  chainId: z.number(),
  /** Seconds since the epoch. */
  expiry: z.number(),
  allowances: z.array(
    z.object({
      /** The ERC-20 token; none for the chain's native currency. */
      token: z.optional(addressSchema),
      symbol: shortString(20),
      decimals: z.number(),
      limit: amountSchema,
      spent: amountSchema,
    }),
  ),
})
export type GrantedPermission = z.infer<typeof grantedPermissionSchema>
const emailActionSchema = z.object({ action: z.enum(['VERIFY_DEVICE', 'VERIFY_OTP']) })
const uriSchema = z.object({ uri: z.string() })

/** Per app event: the request payload schema and the success payload schema. */
export const appEventSchemas = {
  SWITCH_NETWORK: {
    request: z.object({ chainId: chainIdInputSchema }),
    success: z.object({ chainId: z.number() }),
  },
  CONNECT_EMAIL: {
    request: z.object({ email: emailSchema.check(z.maxLength(254)) }),
    success: emailActionSchema,
  },
  CONNECT_DEVICE: { request: none, success: none },
  CONNECT_OTP: { request: z.object({ otp: otpSchema }), success: none },
  /** `uri` is the one GET_SOCIAL_REDIRECT_URI answered (the popup's start address). */
  CONNECT_SOCIAL: { request: z.object({ uri: shortString(4096) }), success: embeddedUserSchema },
  /**
   * The visitor closed the provider's window: the pending CONNECT_SOCIAL looks for a result once more
   * (the window closes itself after a success too) and otherwise fails with SOCIAL_WINDOW_CLOSED.
   */
  SOCIAL_WINDOW_CLOSED: { request: none, success: none },
  GET_FARCASTER_URI: { request: none, success: z.object({ uri: z.string(), code: z.optional(z.string()) }) },
  CONNECT_FARCASTER: { request: none, success: embeddedUserSchema },
  /**
   * Passkey sign-in: the frame shows its own sheet (sign in with a passkey, or create one for a new
   * account), runs the WebAuthn ceremony on the auth origin, and answers the signed-in user.
   */
  CONNECT_PASSKEY: { request: none, success: embeddedUserSchema },
  GET_USER: {
    request: z.optional(
      z.object({
        chainId: z.optional(chainIdInputSchema),
        preferredAccountType: z.optional(preferredAccountTypeSchema),
      }),
    ),
    success: embeddedUserSchema,
  },
  GET_SOCIAL_REDIRECT_URI: { request: z.object({ provider: socialProviderSchema }), success: uriSchema },
  SIGN_OUT: { request: none, success: none },
  /** `token` is accepted for compatibility and ignored: the frame's own storage is authoritative. */
  IS_CONNECTED: {
    request: z.optional(z.object({ token: z.optional(shortString(512)) })),
    success: z.object({ isConnected: z.boolean() }),
  },
  GET_CHAIN_ID: { request: none, success: z.object({ chainId: z.number() }) },
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: {
    request: none,
    success: z.object({ smartAccountEnabledNetworks: z.array(z.number()) }),
  },
  INIT_SMART_ACCOUNT: {
    request: none,
    success: z.object({ address: addressSchema, isDeployed: z.boolean() }),
  },
  SET_PREFERRED_ACCOUNT: {
    /**
     * `smartAccount` makes the key's counterfactual ERC-4337 account (a separate address) the active one;
     * with `sameAddress`, the EOA itself is upgraded instead, through EIP-7702, and keeps its address.
     */
    request: z.object({ type: preferredAccountTypeSchema, sameAddress: z.optional(z.boolean()) }),
    success: z.object({ type: preferredAccountTypeSchema, address: addressSchema }),
  },
  RPC_REQUEST: {
    request: z.object({
      method: z.string().check(z.regex(/^[A-Za-z0-9_]{1,64}$/)),
      params: z.optional(z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())])),
    }),
    success: z.unknown(),
  },
  RPC_ABORT: { request: none, success: none },
  /**
   * After a login answered with STEP_UP_REQUIRED (a new device must confirm a fresh code before the
   * wallet is recovered there): mails a code to the signed-in user's address, then the visitor enters it.
   */
  REQUEST_STEP_UP: { request: none, success: z.object({ email: z.string() }) },
  CONNECT_STEP_UP_OTP: { request: z.object({ otp: otpSchema }), success: none },
  UPDATE_EMAIL: {
    request: z.object({ email: emailSchema.check(z.maxLength(254)) }),
    success: z.object({ action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) }),
  },
  UPDATE_EMAIL_PRIMARY_OTP: { request: z.object({ otp: otpSchema }), success: none },
  /** Mails the new address of a pending e-mail change a fresh code (its first step stays proved). */
  RESEND_UPDATE_EMAIL_SECONDARY_OTP: { request: none, success: none },
  UPDATE_EMAIL_SECONDARY_OTP: {
    request: z.object({ otp: otpSchema }),
    success: z.object({ newEmail: z.string() }),
  },
  /**
   * The visitor asks to see the wallet's private key. The frame shows it only in its own window, after
   * the wallet's recovery factor (passkey or recovery code) is confirmed there; the answer says only how
   * it ended, and never carries key material. `unavailable`: the wallet has no factor of the visitor's
   * own (the service holds its recovery share); `locked`: too many wrong codes, try again later.
   */
  EXPORT_KEY: {
    request: none,
    success: z.object({ status: z.enum(['done', 'cancelled', 'unavailable', 'locked']) }),
  },
  /** The account's live ERC-7715 permissions (granted through wallet_grantPermissions). */
  GET_PERMISSIONS: {
    request: none,
    success: z.object({ permissions: z.array(grantedPermissionSchema) }),
  },
  /** Forgets a permission: calls that name its context are refused from then on. */
  REVOKE_PERMISSION: {
    request: z.object({ context: z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/)) }),
    success: none,
  },
  SYNC_THEME: {
    request: z.object({
      themeMode: themeModeSchema,
      /** The dApp's locale: the frame's approval sheet and the auth service's mails follow it. */
      locale: z.optional(localeTagSchema),
      themeVariables: z.optional(themeVariablesSchema),
      w3mThemeVariables: z.optional(themeVariablesSchema),
    }),
    success: none,
  },
  SYNC_DAPP_DATA: {
    request: z.object({
      metadata: z.object({
        name: shortString(256),
        description: shortString(1024),
        url: shortString(2048),
        icons: z.array(shortString(2048)).check(z.maxLength(16)),
      }),
      sdkVersion: shortString(64),
      projectId: shortString(128),
    }),
    success: none,
  },
} as const

export type AppEventName = keyof typeof appEventSchemas
export const appEventNames = Object.keys(appEventSchemas) as AppEventName[]
export type AppEventPayload<T extends AppEventName> = z.output<(typeof appEventSchemas)[T]['request']>
export type FrameSuccessPayload<T extends AppEventName> = z.output<(typeof appEventSchemas)[T]['success']>

export type AppMessage = {
  [T in AppEventName]: {
    name: T
    type: `${typeof APP_EVENT_PREFIX}${T}`
    id: string
    payload: AppEventPayload<T>
  }
}[AppEventName]

/**
 * Why a frame request failed, for the dApp to tell the visitor in its own words (`message` is for
 * developers): the auth service's error code as it answered, or one of the frame's own reasons.
 */
export const frameErrorReasonSchema = z.enum([
  ...authErrorCodeSchema.options,
  /** The auth service could not be reached, or answered something the frame could not read. */
  'SERVICE_UNAVAILABLE',
  /** The dApp asked for a method outside the allowed list. */
  'NOT_ALLOWED',
  /** A signing request was cancelled by RPC_ABORT. */
  'ABORTED',
  /** The provider's window was closed before the social sign-in ended. */
  'SOCIAL_WINDOW_CLOSED',
  /** The frame has no session. */
  'NOT_CONNECTED',
  /** A device, social or Farcaster sign-in did not end within the frame's long-poll time. */
  'LOGIN_TIMED_OUT',
  /** The visitor closed the passkey sheet or the browser's passkey prompt, or no passkey answered. */
  'PASSKEY_CANCELLED',
  /** This browser cannot use passkeys in the wallet frame. */
  'PASSKEY_UNSUPPORTED',
  /** The passkey used belongs to no account of this auth service. */
  'PASSKEY_UNKNOWN',
  /** The auth service's operator switched passkey sign-in off. */
  'PASSKEY_OFF',
])
export type FrameErrorReason = z.infer<typeof frameErrorReasonSchema>

/**
 * `code` is the EIP-1193 error code where one applies (4001: the visitor rejected the request);
 * `reason` why it failed (a reason this side does not know reads as none, so a newer frame still
 * parses); `attemptsLeft` how many more codes may be tried after a wrong one-time code;
 * `retryAfterSeconds` how long to wait after a cooldown or rate limit.
 */
export const frameErrorPayloadSchema = z.object({
  message: z.string(),
  code: z.optional(z.number()),
  reason: z.optional(z.catch(z.optional(frameErrorReasonSchema), undefined)),
  attemptsLeft: z.optional(z.number().check(z.int(), z.nonnegative())),
  retryAfterSeconds: z.optional(z.number().check(z.nonnegative())),
})
export type FrameErrorPayload = z.infer<typeof frameErrorPayloadSchema>
/** Sent by the frame once it listens; nothing is posted to it before. */
export const FRAME_READY = `${FRAME_EVENT_PREFIX}READY` as const
/**
 * Sent after a login or sign-out. `token` is a fingerprint of the session (never the bearer token,
 * which stays in the frame); `null` means signed out.
 */
export const FRAME_SESSION_UPDATE = `${FRAME_EVENT_PREFIX}SESSION_UPDATE` as const
export const sessionUpdatePayloadSchema = z.object({ token: z.nullable(z.string()) })
/**
 * The frame shows its approval sheet for the RPC_REQUEST with this `id` and needs to be seen: the
 * dApp side makes the frame visible over the page until APPROVAL_HIDE (or the request's answer).
 */
export const FRAME_APPROVAL_SHOW = `${FRAME_EVENT_PREFIX}APPROVAL_SHOW` as const
export const FRAME_APPROVAL_HIDE = `${FRAME_EVENT_PREFIX}APPROVAL_HIDE` as const
/** Error answer to a message with a valid id whose type is not a known app event. */
export const FRAME_MESSAGE_ERROR = `${FRAME_EVENT_PREFIX}MESSAGE_ERROR` as const

export const appEventType = <T extends AppEventName>(name: T) => `${APP_EVENT_PREFIX}${name}` as const
export const successEventType = <T extends AppEventName>(name: T) =>
  `${FRAME_EVENT_PREFIX}${name}_SUCCESS` as const
export const errorEventType = <T extends AppEventName>(name: T) =>
  `${FRAME_EVENT_PREFIX}${name}_ERROR` as const

const envelopeSchema = z.object({
  type: z.string().check(z.maxLength(128)),
  id: z.optional(z.unknown()),
  payload: z.optional(z.unknown()),
})

export type ParsedAppMessage =
  | { ok: true; message: AppMessage }
  /** `id` is set only when it was valid, so the caller knows whether it may answer. */
  | { ok: false; id: string | undefined; errorType: string; error: string }

/** Parses anything that arrived as an app event. Never throws. */
export function parseAppMessage(data: unknown): ParsedAppMessage {
  try {
    const rawId = data !== null && typeof data === 'object' ? safeGet(data, 'id') : undefined
    const idResult = messageIdSchema.safeParse(rawId)
    const id = idResult.success ? idResult.data : undefined
    const envelope = envelopeSchema.safeParse(data)
    const name = envelope.success ? envelope.data.type.slice(APP_EVENT_PREFIX.length) : ''
    if (!envelope.success || !envelope.data.type.startsWith(APP_EVENT_PREFIX) || !isAppEventName(name)) {
      return { ok: false, id, errorType: FRAME_MESSAGE_ERROR, error: 'Invalid message' }
    }
    const errorType = errorEventType(name)
    if (id === undefined) return { ok: false, id, errorType, error: 'Invalid message id' }
    const payload = appEventSchemas[name].request.safeParse(envelope.data.payload)
    if (!payload.success) {
      const field = payload.error.issues[0]?.path.map(String).join('.')
      return { ok: false, id, errorType, error: field ? `Invalid ${field}` : `Invalid ${name} payload` }
    }
    return {
      ok: true,
      message: { name, type: appEventType(name), id, payload: payload.data } as AppMessage,
    }
  } catch {
    return { ok: false, id: undefined, errorType: FRAME_MESSAGE_ERROR, error: 'Invalid message' }
  }
}

export function isAppEventName(name: string): name is AppEventName {
  return Object.hasOwn(appEventSchemas, name)
}

const frameEnvelopeSchema = z.object({
  type: z.string().check(z.regex(/^@portico-frame\/[A-Z_]{1,64}$/)),
  id: z.optional(messageIdSchema),
  payload: z.optional(z.unknown()),
})
export type FrameEnvelope = z.infer<typeof frameEnvelopeSchema>

/** Parses anything that arrived from the frame; `undefined` for anything that is not a frame event. */
export function parseFrameEnvelope(data: unknown): FrameEnvelope | undefined {
  try {
    const parsed = frameEnvelopeSchema.safeParse(data)
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

function safeGet(data: object, key: string): unknown {
  return Object.hasOwn(data, key) ? (data as Record<string, unknown>)[key] : undefined
}
