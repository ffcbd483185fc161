import { type Kysely, sql } from 'kysely'
import { ACCOUNT_NAME_MAX_LENGTH, accountNameLabel, fullAccountName } from './account-name.js'
import type { ChainApiDatabase } from './chain-api-database.js'
import type { NameProfile, NameSuggestionsResponse } from './profile-response.js'

type Db = Kysely<ChainApiDatabase>

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000)

/** The profiles of these full lower-case names, in the order given (unknown names left out). */
async function profilesOf(db: Db, names: readonly string[]): Promise<NameProfile[]> {
  if (names.length === 0) return []
  const [rows, addresses] = await Promise.all([
    db
      .selectFrom('names')
      .select(['name', 'created_at', 'updated_at', 'attributes'])
      .where('name', 'in', names)
      .execute(),
    db
      .selectFrom('name_addresses')
      .select(['name', 'coin_type', 'address', 'created_at'])
      .where('name', 'in', names)
      .orderBy('coin_type')
      .execute(),
  ])
  const byName = new Map(rows.map((row) => [row.name, row]))
  return names.flatMap((name) => {
    const row = byName.get(name)
    if (!row) return []
    const attributes = Object.fromEntries(
      Object.entries(row.attributes ?? {}).filter(([, value]) => typeof value === 'string'),
    )
    return [
      {
        name,
        registered: unixSeconds(row.created_at),
        updated: unixSeconds(row.updated_at),
        addresses: Object.fromEntries(
          addresses
            .filter((entry) => entry.name === name)
            .map((entry) => [
              String(entry.coin_type),
              { address: entry.address, created: entry.created_at.toISOString() },
            ]),
        ),
        attributes: Object.keys(attributes).length > 0 ? [attributes] : [],
      },
    ]
  })
}

/** A registered name's profile, or undefined. `name` is full and lower-case (see accountNameSchema). */
export async function lookupName(db: Db, name: string): Promise<NameProfile | undefined> {
  const [profile] = await profilesOf(db, [name])
  return profile
}

/** The names an address holds (lower-case 0x), newest first: those it registered and those pointing to it. */
export async function reverseLookup(db: Db, address: string): Promise<NameProfile[]> {
  const rows = await db
    .selectFrom('names')
    .select('name')
    .where((eb) =>
      eb.or([
        eb('address', '=', address),
        eb('name', 'in', eb.selectFrom('name_addresses').select('name').where('address', '=', address)),
      ]),
    )
    .orderBy('created_at', 'desc')
    .orderBy('name')
    .limit(100)
    .execute()
  return profilesOf(
    db,
    rows.map((row) => row.name),
  )
}

/** How many free variants a suggestion answer offers. */
export const NAME_SUGGESTION_COUNT = 3

/** Variants of a label, in the order they are offered: short digit suffixes first, then words. */
function variantsOf(label: string): string[] {
  const variants = [
    ...[1, 2, 3, 7, 42].map((n) => `${label}${n}`),
    `${label}-id`,
    `${label}-app`,
    `the-${label}`,
    ...Array.from({ length: 90 }, (_, index) => `${label}${index + 10}`),
  ]
  return variants.filter((variant) => variant.length <= ACCOUNT_NAME_MAX_LENGTH)
}

/** The name first, registered or not, then free variants. `name` is full and lower-case. */
export async function suggestNames(db: Db, name: string): Promise<NameSuggestionsResponse> {
  const candidates = [name, ...variantsOf(accountNameLabel(name)).map(fullAccountName)]
  const taken = new Set(
    (
      await db
        .selectFrom('names')
        .select(sql<string>`lower(name)`.as('name'))
        .where(sql<string>`lower(name)`, 'in', candidates)
        .execute()
    ).map((row) => row.name),
  )
  const free = candidates
    .slice(1)
    .filter((candidate) => !taken.has(candidate))
    .slice(0, NAME_SUGGESTION_COUNT)
  return {
    suggestions: [
      { name, registered: taken.has(name) },
      ...free.map((candidate) => ({ name: candidate, registered: false })),
    ],
  }
}
