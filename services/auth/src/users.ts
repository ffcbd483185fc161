import { randomUUID } from 'node:crypto'
import type { AuthUser } from '@portico/wire'
import type { Kysely, Selectable, Transaction } from 'kysely'
import type { AuthDatabase, UsersTable } from './auth-database.js'

type Db = Kysely<AuthDatabase> | Transaction<AuthDatabase>

export function toAuthUser(row: Selectable<UsersTable>): AuthUser {
  return {
    id: row.id,
    email: row.email,
    userName: row.user_name,
    socialProvider: (row.social_provider as AuthUser['socialProvider']) ?? null,
  }
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase()

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst()
}

export function findUserById(db: Db, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Creates the e-mail user on first sign-in; a concurrent create of the same address is absorbed. */
export async function findOrCreateEmailUser(db: Db, email: string) {
  const address = normalizeEmail(email)
  await db
    .insertInto('users')
    .values({ id: randomUUID(), email: address })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .execute()
  return db.selectFrom('users').selectAll().where('email', '=', address).executeTakeFirstOrThrow()
}

/**
 * Finds the user of a social identity, or creates it. The provider's e-mail is kept only when no other
 * user has it (accounts are not merged silently).
 */
export async function findOrCreateSocialUser(
  db: Db,
  identity: { provider: string; subject: string; email: string | null; userName: string | null },
) {
  const existing = await db
    .selectFrom('users')
    .selectAll()
    .where('social_provider', '=', identity.provider)
    .where('social_subject', '=', identity.subject)
    .executeTakeFirst()
  if (existing) {
    if (identity.userName && identity.userName !== existing.user_name) {
      await db
        .updateTable('users')
        .set({ user_name: identity.userName })
        .where('id', '=', existing.id)
        .execute()
      return { ...existing, user_name: identity.userName }
    }
    return existing
  }
  const email = identity.email ? normalizeEmail(identity.email) : null
  const taken = email ? await findUserByEmail(db, email) : undefined
  await db
    .insertInto('users')
    .values({
      id: randomUUID(),
      email: taken ? null : email,
      user_name: identity.userName,
      social_provider: identity.provider,
      social_subject: identity.subject,
    })
    .onConflict((conflict) => conflict.columns(['social_provider', 'social_subject']).doNothing())
    .execute()
  return db
    .selectFrom('users')
    .selectAll()
    .where('social_provider', '=', identity.provider)
    .where('social_subject', '=', identity.subject)
    .executeTakeFirstOrThrow()
}

export async function isDeviceTrusted(db: Db, userId: string, deviceId: string) {
  const row = await db
    .selectFrom('devices')
    .select('device_id')
    .where('user_id', '=', userId)
    .where('device_id', '=', deviceId)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * Whether the device is confirmed for the address: the address has an account that trusts the device.
 * One query whether or not the address has an account, so its timing does not tell.
 */
export async function isDeviceConfirmedFor(db: Db, email: string, deviceId: string) {
  const row = await db
    .selectFrom('devices')
    .innerJoin('users', 'users.id', 'devices.user_id')
    .select('devices.device_id')
    .where('users.email', '=', normalizeEmail(email))
    .where('devices.device_id', '=', deviceId)
    .executeTakeFirst()
  return row !== undefined
}

export async function trustDevice(db: Db, userId: string, deviceId: string, at: Date) {
  await db
    .insertInto('devices')
    .values({ user_id: userId, device_id: deviceId, trusted_at: at })
    .onConflict((conflict) => conflict.columns(['user_id', 'device_id']).doNothing())
    .execute()
}
