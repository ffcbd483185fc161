import type { ColumnType, Generated, JSONColumnType } from 'kysely'

/** How a wallet announces itself in the page (`window.ethereum.isMetaMask`, an EIP-6963 rdns, ...). */
export interface InjectedEntry {
  namespace: string
  injected_id: string
}

export interface WalletsTable {
  /** 64 hex characters, sha256 of the slug: stable for as long as the slug is. */
  id: string
  slug: string
  name: string
  homepage: string | null
  image_id: string
  sort_order: number
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
  app_store: string | null
  play_store: string | null
  rdns: string | null
  chains: string[]
  injected: JSONColumnType<InjectedEntry[] | null, string | null, string | null>
  created_at: ColumnType<Date, never, never>
  updated_at: ColumnType<Date, never, string>
}

export interface AnalyticsEventsTable {
  event_id: string
  project_id: string
  sdk_type: string
  sdk_version: string
  url: string
  domain: string
  occurred_at: ColumnType<Date, string, never>
  event_type: string | null
  event: string
  properties: JSONColumnType<Record<string, unknown> | null, string | null, never>
  received_at: Generated<Date>
}

export interface ExplorerDatabase {
  wallets: WalletsTable
  analytics_events: AnalyticsEventsTable
}
