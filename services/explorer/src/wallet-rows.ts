import type { Insertable } from 'kysely'
import type { WalletsTable } from './explorer-database.js'
import type { WalletEntry } from './wallet-entry.js'
import { walletIdFromSlug, walletImageId } from './wallet-ids.js'

/** A validated registry entry as a `wallets` row (ids derived, JSON serialised for jsonb). */
export function walletRow(entry: WalletEntry): Insertable<WalletsTable> {
  return {
    id: walletIdFromSlug(entry.slug),
    slug: entry.slug,
    name: entry.name,
    homepage: entry.homepage,
    image_id: walletImageId(entry.slug, entry.name),
    sort_order: entry.order,
    mobile_link: entry.mobile_link,
    desktop_link: entry.desktop_link,
    webapp_link: entry.webapp_link,
    app_store: entry.app_store,
    play_store: entry.play_store,
    rdns: entry.rdns,
    chains: entry.chains,
    injected: entry.injected ? JSON.stringify(entry.injected) : null,
  }
}
