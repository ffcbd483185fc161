import {
  AUTH_API_PREFIX,
  type AuthErrorCode,
  authErrorBodySchema,
  deviceWaitResponseSchema,
  emailStartResponseSchema,
  emailUpdateResponseSchema,
  emailUpdateSecondaryResponseSchema,
  farcasterChannelResponseSchema,
  farcasterConnectResponseSchema,
  loginResultSchema,
  type PasskeyRegistrationResponse,
  type PasskeySignInResponse,
  passkeyRegistrationOptionsResponseSchema,
  passkeySignInOptionsResponseSchema,
  type RecoveryEnvelope,
  type RekeyRequest,
  recoverKeysResponseSchema,
  type SocialProvider,
  sessionResponseSchema,
  socialFlowResponseSchema,
  socialResultResponseSchema,
  walletKeysResponseSchema,
} from '@portico/wire'
import * as z from 'zod/mini'
import { FramePageError } from './frame-page-error.js'

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>

/** An error answer of the auth service, or a transport failure (`HTTP_ERROR`, `INVALID_RESPONSE`). */
export class AuthApiError extends FramePageError<AuthErrorCode | 'HTTP_ERROR' | 'INVALID_RESPONSE'> {
  override name = 'AuthApiError'
  readonly status: number
  readonly retryAfterSeconds: number | undefined
  readonly attemptsLeft: number | undefined

  constructor(
    code: AuthApiError['code'],
    message: string,
    status: number,
    extra: { retryAfterSeconds?: number | undefined; attemptsLeft?: number | undefined } = {},
  ) {
    super(code, message)
    this.status = status
    this.retryAfterSeconds = extra.retryAfterSeconds
    this.attemptsLeft = extra.attemptsLeft
  }
}

/** The message the dApp shows for an auth error (spec §8 wording for the cooldown). */
export function authErrorMessage(error: AuthApiError): string {
  if (error.code === 'COOLDOWN' && error.retryAfterSeconds !== undefined) {
    return `Please try again after ${Math.max(1, Math.ceil(error.retryAfterSeconds))} seconds`
  }
  return error.message
}

const emailUpdatePrimaryResponseSchema = z.object({ action: z.literal('VERIFY_SECONDARY_OTP') })

export type AuthClient = ReturnType<typeof createAuthClient>

/** Typed calls to the auth service's `/auth/v1` API; the bearer token comes from `getToken`. */
export function createAuthClient(options: {
  authUrl: string
  fetch: FetchLike
  getToken: () => string | undefined
  /** The dApp's locale: the auth service writes its mails in it. */
  getLocale?: () => string
}) {
  const base = options.authUrl.replace(/\/+$/, '') + AUTH_API_PREFIX

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    schema: z.ZodMiniType<T> | undefined,
    body?: unknown,
  ): Promise<T> {
    const headers: Record<string, string> = {}
    const token = options.getToken()
    if (token) headers.authorization = `Bearer ${token}`
    if (body !== undefined) headers['content-type'] = 'application/json'
    const locale = options.getLocale?.()
    if (locale) headers['accept-language'] = locale
    const init: RequestInit = { method, headers }
    if (body !== undefined) init.body = JSON.stringify(body)
    const response = await options.fetch(base + path, init)
    const text = await response.text()
    let json: unknown
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    if (!response.ok) {
      const parsed = authErrorBodySchema.safeParse(json)
      if (parsed.success) {
        const { code, message, retryAfterSeconds, attemptsLeft } = parsed.data.error
        throw new AuthApiError(code, message, response.status, { retryAfterSeconds, attemptsLeft })
      }
      throw new AuthApiError('HTTP_ERROR', `HTTP status code: ${response.status}`, response.status)
    }
    if (!schema) return undefined as T
    const parsed = schema.safeParse(json)
    if (!parsed.success) {
      throw new AuthApiError('INVALID_RESPONSE', 'Invalid response from the auth service', response.status)
    }
    return parsed.data
  }

  return {
    emailStart: (email: string, deviceId: string) =>
      call('POST', '/email/start', emailStartResponseSchema, { email, deviceId }),
    deviceWait: (email: string, deviceId: string) =>
      call('POST', '/device/wait', deviceWaitResponseSchema, { email, deviceId }),
    emailVerify: (email: string, otp: string, deviceId: string) =>
      call('POST', '/email/verify', loginResultSchema, { email, otp, deviceId }),
    socialFlow: (provider: SocialProvider, deviceId: string, secretHash: string) =>
      call('POST', '/social/flow', socialFlowResponseSchema, { provider, deviceId, secretHash }),
    socialResult: (flowId: string, secret: string) =>
      call('POST', '/social/result', socialResultResponseSchema, { flowId, secret }),
    farcasterChannel: (deviceId: string, site: string) =>
      call('POST', '/farcaster/channel', farcasterChannelResponseSchema, { deviceId, site }),
    farcasterConnect: (channelToken: string, deviceId: string) =>
      call('POST', '/farcaster/connect', farcasterConnectResponseSchema, { channelToken, deviceId }),
    passkeyRegisterOptions: (deviceId: string) =>
      call('POST', '/passkey/register/options', passkeyRegistrationOptionsResponseSchema, { deviceId }),
    passkeyRegisterVerify: (deviceId: string, response: PasskeyRegistrationResponse) =>
      call('POST', '/passkey/register/verify', loginResultSchema, { deviceId, response }),
    passkeySignInOptions: (deviceId: string) =>
      call('POST', '/passkey/sign-in/options', passkeySignInOptionsResponseSchema, { deviceId }),
    passkeySignInVerify: (deviceId: string, response: PasskeySignInResponse) =>
      call('POST', '/passkey/sign-in/verify', loginResultSchema, { deviceId, response }),
    session: () => call('GET', '/session', sessionResponseSchema),
    signOut: () => call('POST', '/signout', undefined, {}),
    getKeys: () => call('GET', '/keys', walletKeysResponseSchema),
    storeKeys: (
      keys: { address: string; authShare: string } & (
        | { recovery: RecoveryEnvelope }
        | { recoveryShare: string }
      ),
    ) => call('POST', '/keys', undefined, keys),
    rekey: (request: RekeyRequest) => call('POST', '/keys/rekey', undefined, request),
    recoverKeys: () => call('POST', '/keys/recover', recoverKeysResponseSchema, {}),
    stepUpStart: () => call('POST', '/keys/step-up', undefined, {}),
    stepUpVerify: (otp: string) => call('POST', '/keys/step-up/verify', undefined, { otp }),
    emailUpdate: (email: string) => call('POST', '/email/update', emailUpdateResponseSchema, { email }),
    emailUpdatePrimary: (otp: string) =>
      call('POST', '/email/update/primary', emailUpdatePrimaryResponseSchema, { otp }),
    emailUpdateSecondaryResend: () =>
      call('POST', '/email/update/secondary/resend', emailUpdatePrimaryResponseSchema, {}),
    emailUpdateSecondary: (otp: string) =>
      call('POST', '/email/update/secondary', emailUpdateSecondaryResponseSchema, { otp }),
  }
}
