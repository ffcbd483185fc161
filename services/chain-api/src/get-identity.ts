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

/** SLIP-44 coin type of Solana, under which a name's Solana address is kept (ENSIP-9). */
export const SOLANA_COIN_TYPE = 501

/** The most recently added name pointing at a Solana address (case kept), with its avatar. */
export async function getSolanaIdentity(
  db: Kysely<ChainApiDatabase>,
  address: string,
): Promise<IdentityResponse> {
  const row = await db
    .selectFrom('name_addresses')
    .innerJoin('names', 'names.name', 'name_addresses.name')
    .select(['names.name', 'names.avatar'])
    .where('name_addresses.coin_type', '=', String(SOLANA_COIN_TYPE))
    .where('name_addresses.address', '=', address)
    .orderBy('name_addresses.created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  return { name: row?.name ?? null, avatar: row?.avatar ?? null }
}
