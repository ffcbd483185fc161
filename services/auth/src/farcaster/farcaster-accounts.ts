import { createHmac } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import type { AuthDatabase } from '../auth-database.js'

type Db = Kysely<AuthDatabase> | Transaction<AuthDatabase>

/** Farcaster usernames (fnames): lowercase letters, digits and hyphens, at most 16 characters. */
export const FARCASTER_USERNAME = /^[a-z0-9][a-z0-9-]{0,15}$/

/**
 * The local test account's custody key: derived from the master key, so a username keeps its address
 * across restarts without storing any private key. (An HMAC output outside the secp256k1 range is
 * astronomically unlikely; viem would throw.)
 */
export function custodyAccount(masterKey: Buffer, username: string): PrivateKeyAccount {
  const key = createHmac('sha256', masterKey).update(`farcaster:${username}`).digest('hex')
  return privateKeyToAccount(`0x${key}`)
}

/** The username's fid in the local registry, assigned on first use (a concurrent first use is absorbed). */
export async function fidForUsername(db: Db, username: string): Promise<number> {
  await db
    .insertInto('farcaster_accounts')
    .values({ username })
    .onConflict((conflict) => conflict.column('username').doNothing())
    .execute()
  const row = await db
    .selectFrom('farcaster_accounts')
    .select('fid')
    .where('username', '=', username)
    .executeTakeFirstOrThrow()
  return row.fid
}

/** The registered username and custody address of an fid, or undefined for an unknown fid. */
export async function registeredAccount(db: Db, masterKey: Buffer, fid: number) {
  const row = await db
    .selectFrom('farcaster_accounts')
    .select('username')
    .where('fid', '=', fid)
    .executeTakeFirst()
  if (!row) return undefined
  return { username: row.username, custody: custodyAccount(masterKey, row.username).address }
}
