import type { Selectable } from 'kysely'
import type { InjectedEntry, WalletsTable } from './explorer-database.js'

/** One wallet on the wire, field for field as the reference explorer's /getWallets returns it. */
export interface WalletListing {
  id: string
  name: string
  homepage: string | null
  image_id: string
  image_url: string
  order: number
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
  app_store: string | null
  play_store: string | null
  rdns: string | null
  chains: string[]
  /** null (not []) when the wallet injects nothing, as in the reference explorer. */
  injected: InjectedEntry[] | null
}

export interface GetWalletsResponse {
  count: number
  data: WalletListing[]
}

export type WalletListingRow = Pick<
  Selectable<WalletsTable>,
  | 'id'
  | 'name'
  | 'homepage'
  | 'image_id'
  | 'sort_order'
  | 'mobile_link'
  | 'desktop_link'
  | 'webapp_link'
  | 'app_store'
  | 'play_store'
  | 'rdns'
  | 'chains'
  | 'injected'
>

export function toWalletListing(row: WalletListingRow, imageBaseUrl: string): WalletListing {
  return {
    id: row.id,
    name: row.name,
    homepage: row.homepage,
    image_id: row.image_id,
    image_url: `${imageBaseUrl}/getWalletImage/${row.image_id}`,
    order: row.sort_order,
    mobile_link: row.mobile_link,
    desktop_link: row.desktop_link,
    webapp_link: row.webapp_link,
    app_store: row.app_store,
    play_store: row.play_store,
    rdns: row.rdns,
    chains: row.chains,
    injected: row.injected && row.injected.length > 0 ? row.injected : null,
  }
}
