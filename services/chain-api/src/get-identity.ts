import type { Kysely } from 'kysely'
import type { ChainApiDatabase } from './chain-api-database.js'
import type { IdentityResponse } from './identity-response.js'

/** The most recently registered name of an address (lower-case 0x), with its avatar. */
export async function getIdentity(db: Kysely<ChainApiDatabase>, address: string): Promise<IdentityResponse> {
  const row = await db
    .selectFrom('names')
    .select(['name', 'avatar'])
    .where('address', '=', address.toLowerCase())
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  return { name: row?.name ?? null, avatar: row?.avatar ?? null }
}
