import { FrameError, type FrameErrorReason, type LoginResult } from '@portico/wire'
import { AuthApiError, type AuthClient } from './auth-client.js'
import { FramePageError } from './frame-page-error.js'
import type { PasskeyCeremonies } from './passkey-ceremonies.js'
import type { Passkeys } from './passkey-prf.js'
import { toBase64url } from './recovery-envelope.js'

/**
 * Passkey sign-in, in the wallet frame. Why here and not in the wallet's approval window: the frame is
 * already on the auth origin (the relying party) and the dApp embeds it with
 * `allow="publickey-credentials-get; publickey-credentials-create"`; the browser's own passkey prompt,
 * which names the auth host and which no page can draw, is the consent; a sign-in signs nothing, so the
 * window's protection of what the visitor reads is not needed; and the PRF output (the key to the
 * recovery share) stays in the one page that rebuilds the wallet key, with no pop-up to be blocked.
 * The ceremony starts from a click in the frame's own sheet: browsers make a passkey in a cross-site
 * frame only on a click there, never on one in the dApp's page.
 */

/** The PRF input of every passkey account: the account is not known before the passkey answers. */
const SIGN_IN_PRF_LABEL = 'portico passkey sign-in prf v1'

export async function signInPrfSalt(): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(SIGN_IN_PRF_LABEL)))
}

/** What the sign-in's own touch yields for the wallet: the passkey's PRF output for the sign-in salt. */
export interface SignInPasskeySecret {
  credentialId: string
  prf: Uint8Array
  salt: string
}

export interface PasskeyLogin {
  result: LoginResult
  /** Absent when the passkey has no PRF: the wallet then asks for its recovery factor as usual. */
  secret: SignInPasskeySecret | undefined
}

/** The frame's sheet with the two choices; each resolves once signed in, and closes the sheet. */
export interface PasskeyLoginUi {
  choose(
    choices: { signIn(): Promise<PasskeyLogin>; create(): Promise<PasskeyLogin> },
    signal: AbortSignal,
  ): Promise<PasskeyLogin>
}

/** The sheet was closed without a sign-in. */
export class PasskeySheetClosedError extends FramePageError<'PASSKEY_SHEET_CLOSED'> {
  override name = 'PasskeySheetClosedError'
  constructor(message: string) {
    super('PASSKEY_SHEET_CLOSED', message)
  }
}

export interface PasskeyLoginContext {
  auth: AuthClient
  deviceId: string
  ceremonies: PasskeyCeremonies
  /** For a PRF output the authenticator gives only on use, not on creation. */
  passkeys: Passkeys | undefined
  ui: PasskeyLoginUi
  surface: <T>(show: (signal: AbortSignal) => Promise<T>) => Promise<T>
}

const failure = (reason: FrameErrorReason, message: string) =>
  new FrameError(message, 'FRAME_ERROR', { reason })

/** Signs in with a passkey, or makes a passkey account; FrameError with a PASSKEY_* reason otherwise. */
export async function loginWithPasskey(ctx: PasskeyLoginContext): Promise<PasskeyLogin> {
  if (!ctx.ceremonies.supported()) {
    throw failure('PASSKEY_UNSUPPORTED', 'This browser cannot use passkeys here')
  }
  const salt = await signInPrfSalt()
  // Both challenges first: the click then goes straight to the browser's prompt, while it still counts.
  const [registration, signIn] = await Promise.all([
    ctx.auth.passkeyRegisterOptions(ctx.deviceId),
    ctx.auth.passkeySignInOptions(ctx.deviceId),
  ]).catch((error: unknown) => {
    if (error instanceof AuthApiError && error.code === 'NOT_FOUND') {
      throw failure('PASSKEY_OFF', 'Passkey sign-in is off on this wallet service')
    }
    throw error
  })
  const choices = {
    async signIn(): Promise<PasskeyLogin> {
      const answer = await ceremony(() => ctx.ceremonies.get(signIn.options, salt))
      const result = await ctx.auth
        .passkeySignInVerify(ctx.deviceId, answer.response)
        .catch((error: unknown) => {
          if (error instanceof AuthApiError && error.code === 'NOT_FOUND') {
            throw failure('PASSKEY_UNKNOWN', 'This passkey belongs to no account of this wallet')
          }
          throw error
        })
      return { result, secret: secretOf(answer.credentialId, answer.prf, salt) }
    },
    async create(): Promise<PasskeyLogin> {
      const answer = await ceremony(() => ctx.ceremonies.create(registration.options, salt))
      const result = await ctx.auth.passkeyRegisterVerify(ctx.deviceId, answer.response)
      // Some authenticators give the PRF output only on use: one more touch, else the usual set-up.
      const prf =
        answer.prf ??
        (await ctx.passkeys?.evaluate({ credentialId: answer.credentialId, salt }).catch(() => undefined))
      return { result, secret: secretOf(answer.credentialId, prf, salt) }
    },
  }
  try {
    return await ctx.surface((signal) => ctx.ui.choose(choices, signal))
  } catch (error) {
    if (error instanceof PasskeySheetClosedError) {
      throw failure('PASSKEY_CANCELLED', 'The passkey sheet was closed')
    }
    throw error
  }
}

const secretOf = (credentialId: string, prf: Uint8Array | undefined, salt: Uint8Array) =>
  prf && prf.length >= 32 ? { credentialId, prf, salt: toBase64url(salt) } : undefined

/** The browser's refusal (the visitor cancelled, no passkey, no user verification) as a reason. */
async function ceremony<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    const name = (error as { name?: unknown })?.name
    if (name === 'NotAllowedError' || name === 'AbortError') {
      throw failure('PASSKEY_CANCELLED', 'No passkey was used')
    }
    throw failure(
      'PASSKEY_UNSUPPORTED',
      `The browser refused the passkey: ${(error as Error)?.message ?? ''}`,
    )
  }
}
