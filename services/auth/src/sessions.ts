import type { LoginResult } from '@portico/wire'
import type { FastifyRequest } from 'fastify'
import type { Kysely, Selectable, Transaction } from 'kysely'
import type { AuthDatabase, UsersTable } from './auth-database.js'
import { AuthError } from './auth-errors.js'
import { randomToken, sha256Hex } from './secrets.js'
import { findUserById, toAuthUser, trustDevice } from './users.js'

type Db = Kysely<AuthDatabase> | Transaction<AuthDatabase>

/** A session's whole lifetime. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000
/** A session unused this long is signed out, whatever its lifetime left. */
export const SESSION_IDLE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000
/** The last use is written at most this often, so reads do not turn into a write each. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000

/**
 * Signs the user in on a device: revokes that device's earlier tokens (rotation), marks the device
 * trusted, and mints a bearer token. No cookies on purpose: the frame is a third-party iframe whose
 * cookies browsers block; it keeps this token in its own partitioned storage instead.
 */
export async function startSession(
  db: Db,
  user: Selectable<UsersTable>,
  deviceId: string,
  now: Date,
): Promise<LoginResult> {
  const token = randomToken()
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS)
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', user.id)
    .where('device_id', '=', deviceId)
    .where('revoked_at', 'is', null)
    .execute()
  await db
    .insertInto('sessions')
    .values({
      token_hash: sha256Hex(token),
      user_id: user.id,
      device_id: deviceId,
      expires_at: expiresAt,
      last_used_at: now,
    })
    .execute()
  await trustDevice(db, user.id, deviceId, now)
  return { session: { token, expiresAt: expiresAt.toISOString() }, user: toAuthUser(user) }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  const match = header?.match(/^Bearer\s+([A-Za-z0-9_-]{20,200})$/)
  return match?.[1]
}

/**
 * The user behind the request's bearer token, or 401 UNAUTHORIZED: unknown, signed out, past its
 * lifetime, or idle longer than SESSION_IDLE_TIMEOUT_MS. A use refreshes the idle clock (at most once
 * per SESSION_TOUCH_INTERVAL_MS).
 */
export async function requireUser(db: Db, request: FastifyRequest, now: Date) {
  const token = bearerToken(request)
  if (!token) throw new AuthError('UNAUTHORIZED', 'Sign in first: no bearer token')
  const session = await db
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', sha256Hex(token))
    .executeTakeFirst()
  const lastUsed = (session?.last_used_at ?? session?.created_at)?.getTime() ?? 0
  if (
    !session ||
    session.revoked_at ||
    session.expires_at.getTime() <= now.getTime() ||
    now.getTime() - lastUsed >= SESSION_IDLE_TIMEOUT_MS
  ) {
    throw new AuthError('UNAUTHORIZED', 'The session is unknown, expired or signed out')
  }
  const user = await findUserById(db, session.user_id)
  if (!user) throw new AuthError('UNAUTHORIZED', 'The session is unknown, expired or signed out')
  if (now.getTime() - lastUsed >= SESSION_TOUCH_INTERVAL_MS) {
    await db
      .updateTable('sessions')
      .set({ last_used_at: now })
      .where('token_hash', '=', session.token_hash)
      .execute()
  }
  return { user, session }
}

export async function revokeSession(db: Db, tokenHash: string, now: Date) {
  await db.updateTable('sessions').set({ revoked_at: now }).where('token_hash', '=', tokenHash).execute()
}

/** Signs the user out everywhere but the session `keepTokenHash` (after an e-mail change, say). */
export async function revokeOtherSessions(db: Db, userId: string, keepTokenHash: string, now: Date) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('token_hash', '!=', keepTokenHash)
    .where('revoked_at', 'is', null)
    .execute()
}
