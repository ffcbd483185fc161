import type { Kysely } from 'kysely'
import type { BrandIcons } from './brand-icons.js'
import type { ExplorerDatabase } from './explorer-database.js'
import { badgeSvg, colourFromName, initials } from './svg-badge.js'

/** The letter monogram of a wallet no icon package draws. */
export function walletImageSvg(name: string): string {
  return badgeSvg({ background: colourFromName(name), label: initials(name) })
}

/**
 * Wallet pictures by image id: the wallet's logo from an icon package, else its monogram. An image id
 * fixes its bytes (it is derived from slug and name), so a picture can be kept for the life of the
 * process; the cache is bounded by the registry size.
 */
export function createWalletImages(db: Kysely<ExplorerDatabase>, icons: BrandIcons) {
  const cache = new Map<string, string>()
  return async function walletImage(imageId: string): Promise<string | undefined> {
    const cached = cache.get(imageId)
    if (cached) return cached
    const row = await db
      .selectFrom('wallets')
      .select(['slug', 'name'])
      .where('image_id', '=', imageId)
      .executeTakeFirst()
    if (!row) return undefined
    const svg = icons.wallet(row.slug) ?? walletImageSvg(row.name)
    if (cache.size >= 10_000) cache.clear()
    cache.set(imageId, svg)
    return svg
  }
}
