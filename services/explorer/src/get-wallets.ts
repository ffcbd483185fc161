import { type Kysely, sql } from 'kysely'
import type { ExplorerDatabase } from './explorer-database.js'
import type { GetWalletsQuery } from './get-wallets-query.js'
import type { WalletListingRow } from './wallet-listing.js'

export interface WalletPage {
  /** Every wallet matching the filters, not just this page. */
  count: number
  rows: WalletListingRow[]
}

/**
 * One page of wallets. Filters combine with AND: `chains` keeps wallets supporting any listed chain,
 * `include` keeps only the listed ids, `exclude` drops the listed ids, `search` matches a substring of the
 * name ignoring case. Order: with a search, names starting with it come first; then `order`, then name.
 */
export async function getWallets(db: Kysely<ExplorerDatabase>, query: GetWalletsQuery): Promise<WalletPage> {
  const search = query.search ? query.search.toLowerCase() : undefined
  let filtered = db.selectFrom('wallets')
  if (query.chains?.length)
    filtered = filtered.where(sql<boolean>`chains && ${sql.val(query.chains)}::text[]`)
  if (query.include?.length) filtered = filtered.where('id', 'in', query.include)
  if (query.exclude?.length) filtered = filtered.where('id', 'not in', query.exclude)
  // strpos instead of LIKE: no wildcard characters to escape in what the visitor typed.
  if (search) filtered = filtered.where(sql<boolean>`strpos(lower(name), ${search}) > 0`)

  let page = filtered
    .select([
      'id',
      'name',
      'homepage',
      'image_id',
      'sort_order',
      'mobile_link',
      'desktop_link',
      'webapp_link',
      'app_store',
      'play_store',
      'rdns',
      'chains',
      'injected',
    ])
    .select(sql<number>`count(*) over ()`.as('total'))
  if (search) page = page.orderBy(sql`strpos(lower(name), ${search}) = 1`, 'desc')
  const rows = await page
    .orderBy('sort_order')
    .orderBy('name')
    .orderBy('id')
    .limit(query.entries)
    .offset((query.page - 1) * query.entries)
    .execute()

  // count(*) over () rides on the page's rows; a page past the end has none, so count separately then.
  let count: number
  if (rows.length > 0) {
    count = Number(rows[0]?.total)
  } else {
    const counted = await filtered
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow()
    count = Number(counted.n)
  }
  return { count, rows: rows.map(({ total: _total, ...row }) => row) }
}
