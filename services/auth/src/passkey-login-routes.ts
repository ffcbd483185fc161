import { randomUUID } from 'node:crypto'
import {
  type LoginResult,
  passkeyOptionsRequestSchema,
  passkeyRegisterVerifyRequestSchema,
  passkeySignInVerifyRequestSchema,
} from '@portico/wire'
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import type { FastifyPluginAsync } from 'fastify'
import type { AllowedOrigins } from './allowed-origins.js'
import type { AuthContext } from './auth-context.js'
import { AuthError } from './auth-errors.js'
import { parseRequest } from './parse-request.js'
import { consumePasskeyChallenge, issuePasskeyChallenge } from './passkey-challenges.js'
import { startSession } from './sessions.js'
import { findUserById } from './users.js'

/** How long the browser lets the visitor answer (the challenge itself lives longer). */
const CEREMONY_TIMEOUT_MS = 120_000
/** ES256 and RS256: what platform authenticators and security keys make. */
const ALGORITHMS = [-7, -257]

export interface PasskeyLoginOptions {
  ctx: AuthContext
  /** Off (the operator's AUTH_PASSKEY_SIGN_IN=off): every route answers 404 NOT_FOUND. */
  enabled: boolean
  /** The dApp origins that may embed the frame: the only top origins a ceremony may run under. */
  allowedOrigins: AllowedOrigins
}

/**
 * Passkey accounts: an account whose only sign-in is a passkey (no e-mail, like a Farcaster account).
 * The relying party is this service's host, and the only origin accepted is its own: the ceremony runs
 * in its wallet frame, so a dApp can neither ask for these passkeys nor replay their answers. A
 * sign-in is never a step-up: a passkey session, like any other, gets the auth share only.
 */
export const passkeyLoginRoutes: FastifyPluginAsync<PasskeyLoginOptions> = async (
  app,
  { ctx, enabled, allowedOrigins },
) => {
  const { db } = ctx
  const origin = new URL(ctx.publicUrl).origin
  const rpId = new URL(ctx.publicUrl).hostname
  // The frame runs embedded: the browser names the embedding page (topOrigin), which must be one of
  // the dApps allowed to embed it (or the auth origin itself, top level).
  const topOrigins = [...new Set([origin, ...Object.values(allowedOrigins).flat()])]

  app.addHook('onRequest', async () => {
    if (!enabled) throw new AuthError('NOT_FOUND', 'Passkey sign-in is off on this service')
  })

  app.post('/passkey/register/options', async (request) => {
    const { deviceId } = parseRequest(passkeyOptionsRequestSchema, request.body)
    // The account is named now: its id is the passkey's user handle, so a sign-in names it back.
    const userId = randomUUID()
    const challenge = await issuePasskeyChallenge(db, {
      purpose: 'register',
      deviceId,
      userId,
      now: ctx.now(),
    })
    const options = await generateRegistrationOptions({
      rpName: 'Portico wallet',
      rpID: rpId,
      userID: new TextEncoder().encode(userId),
      userName: `wallet-${userId.slice(0, 8)}`,
      userDisplayName: 'Portico wallet',
      challenge: Buffer.from(challenge, 'base64url'),
      timeout: CEREMONY_TIMEOUT_MS,
      attestationType: 'none',
      // A discoverable passkey that verifies the user: it alone (no user name typed) signs in later.
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      supportedAlgorithmIDs: ALGORITHMS,
    })
    return { options }
  })

  app.post('/passkey/register/verify', async (request): Promise<LoginResult> => {
    const body = parseRequest(passkeyRegisterVerifyRequestSchema, request.body)
    const now = ctx.now()
    const issued = await consumePasskeyChallenge(db, {
      clientDataJSON: body.response.response.clientDataJSON,
      purpose: 'register',
      deviceId: body.deviceId,
      now,
    })
    const userId = issued.user_id
    if (!userId) throw new AuthError('BAD_REQUEST', 'This challenge names no account')
    assertTopOrigin(body.response.response.clientDataJSON, topOrigins)
    const verification = await verifyRegistrationResponse({
      response: body.response as RegistrationResponseJSON,
      expectedChallenge: issued.challenge,
      expectedOrigin: origin,
      expectedRPID: rpId,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    }).catch((error: unknown) => {
      throw new AuthError('BAD_REQUEST', `The passkey was not accepted: ${(error as Error).message}`)
    })
    if (!verification.verified) throw new AuthError('BAD_REQUEST', 'The passkey was not accepted')
    const { credential } = verification.registrationInfo
    return db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values({ id: userId, email: null, social_provider: 'passkey', social_subject: userId })
        .execute()
      const stored = await trx
        .insertInto('passkey_credentials')
        .values({
          credential_id: credential.id,
          user_id: userId,
          public_key: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports?.join(',') ?? null,
          created_at: now,
        })
        .onConflict((conflict) => conflict.column('credential_id').doNothing())
        .returning('credential_id')
        .executeTakeFirst()
      if (!stored) throw new AuthError('CONFLICT', 'This passkey already belongs to an account')
      const user = await findUserById(trx, userId)
      if (!user) throw new AuthError('CONFLICT', 'The account could not be made')
      return startSession(trx, user, body.deviceId, now)
    })
  })

  app.post('/passkey/sign-in/options', async (request) => {
    const { deviceId } = parseRequest(passkeyOptionsRequestSchema, request.body)
    const challenge = await issuePasskeyChallenge(db, {
      purpose: 'sign-in',
      deviceId,
      userId: null,
      now: ctx.now(),
    })
    // No credential list: the browser offers the visitor's passkeys for this host, no user name asked.
    const options = await generateAuthenticationOptions({
      rpID: rpId,
      challenge: Buffer.from(challenge, 'base64url'),
      timeout: CEREMONY_TIMEOUT_MS,
      userVerification: 'required',
    })
    return { options: { challenge: options.challenge, rpId, timeout: options.timeout } }
  })

  app.post('/passkey/sign-in/verify', async (request): Promise<LoginResult> => {
    const body = parseRequest(passkeySignInVerifyRequestSchema, request.body)
    const now = ctx.now()
    const issued = await consumePasskeyChallenge(db, {
      clientDataJSON: body.response.response.clientDataJSON,
      purpose: 'sign-in',
      deviceId: body.deviceId,
      now,
    })
    const stored = await db
      .selectFrom('passkey_credentials')
      .selectAll()
      .where('credential_id', '=', body.response.id)
      .executeTakeFirst()
    if (!stored) throw new AuthError('NOT_FOUND', 'This passkey belongs to no account here')
    // The user handle the authenticator keeps must be the account this passkey was made for.
    const { userHandle } = body.response.response
    if (userHandle && Buffer.from(userHandle, 'base64url').toString('utf8') !== stored.user_id) {
      throw new AuthError('BAD_REQUEST', 'This passkey answered for another account')
    }
    const counter = Number(stored.counter)
    const verification = await verifyAuthenticationResponse({
      response: body.response as AuthenticationResponseJSON,
      expectedChallenge: issued.challenge,
      expectedOrigin: origin,
      expectedRPID: rpId,
      expectedTopOrigin: topOrigins,
      credential: {
        id: stored.credential_id,
        publicKey: new Uint8Array(Buffer.from(stored.public_key, 'base64url')),
        counter,
        ...(stored.transports ? { transports: stored.transports.split(',') } : {}),
      },
      requireUserVerification: true,
    }).catch((error: unknown) => {
      // A counter that did not grow (a cloned authenticator) lands here too.
      throw new AuthError('BAD_REQUEST', `The passkey was not accepted: ${(error as Error).message}`)
    })
    if (!verification.verified) throw new AuthError('BAD_REQUEST', 'The passkey was not accepted')
    return db.transaction().execute(async (trx) => {
      // Compare-and-set: of two answers racing with the same counter, one signs in.
      const updated = await trx
        .updateTable('passkey_credentials')
        .set({ counter: verification.authenticationInfo.newCounter, last_used_at: now })
        .where('credential_id', '=', stored.credential_id)
        .where('counter', '=', stored.counter)
        .returning('user_id')
        .executeTakeFirst()
      if (!updated) throw new AuthError('CONFLICT', 'This passkey was used meanwhile: try again')
      const user = await findUserById(trx, stored.user_id)
      if (!user) throw new AuthError('NOT_FOUND', 'This passkey belongs to no account here')
      // A sign-in, not a step-up: nothing is recorded in step_ups.
      return startSession(trx, user, body.deviceId, now)
    })
  })
}

/**
 * The page a passkey was made under: the auth origin itself, or a dApp allowed to embed the frame.
 * (The library checks this for sign-ins; registrations are checked here the same way.)
 */
function assertTopOrigin(clientDataJSON: string, topOrigins: readonly string[]) {
  let data: { crossOrigin?: unknown; topOrigin?: unknown }
  try {
    data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'))
  } catch {
    throw new AuthError('BAD_REQUEST', 'Invalid response.clientDataJSON: not WebAuthn client data')
  }
  if (data.crossOrigin !== true) return
  if (typeof data.topOrigin !== 'string' || !topOrigins.includes(data.topOrigin)) {
    throw new AuthError('BAD_REQUEST', 'The passkey was made in a page that may not embed this wallet')
  }
}
