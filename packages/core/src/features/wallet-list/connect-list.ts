import type { WalletListing } from '../../clients/wallet-listing.js'
import { RECENT_WALLETS_KEPT } from '../../config/constants.js'
import type { Connector } from '../../connection/connector.js'
import type { RecentWallet } from './recent-wallets.js'

/** One row of the Connect view. */
export interface ConnectListItem {
  key: string
  name: string
  imageUrl: string | undefined
  /** Present when the wallet is in this browser: picking it connects. */
  connectorId: string | undefined
  /** The explorer listing, for wallets that are not installed (or to enrich one that is). */
  listing: WalletListing | undefined
  installed: boolean
  recent: boolean
}

/**
 * The Connect view's list: recent wallets first, then the wallets in this browser, then featured and
 * recommended listings. A listing whose rdns matches an installed wallet is that wallet: never twice.
 */
export function buildConnectList(input: {
  connectors: readonly Connector[]
  recent: readonly RecentWallet[]
  featured: readonly WalletListing[]
  recommended: readonly WalletListing[]
}): ConnectListItem[] {
  const items: ConnectListItem[] = []
  const shownConnectors = new Set<string>()
  const shownRdns = new Set<string>()
  const shownListings = new Set<string>()

  const connectorFor = (rdns: string | null | undefined, id?: string) =>
    input.connectors.find((connector) => (rdns && connector.info?.rdns === rdns) || connector.id === id)

  const pushConnector = (connector: Connector, recent: boolean, listing?: WalletListing) => {
    if (shownConnectors.has(connector.id)) return
    shownConnectors.add(connector.id)
    if (connector.info?.rdns) shownRdns.add(connector.info.rdns)
    if (listing) shownListings.add(listing.id)
    items.push({
      key: `connector:${connector.id}`,
      name: connector.name,
      imageUrl: connector.imageUrl ?? listing?.image_url,
      connectorId: connector.id,
      listing,
      installed: connector.installed,
      recent,
    })
  }
  const pushListing = (listing: WalletListing, recent: boolean) => {
    if (shownListings.has(listing.id) || (listing.rdns && shownRdns.has(listing.rdns))) return
    const connector = connectorFor(listing.rdns)
    if (connector) return pushConnector(connector, recent, listing)
    shownListings.add(listing.id)
    items.push({
      key: `listing:${listing.id}`,
      name: listing.name,
      imageUrl: listing.image_url,
      connectorId: undefined,
      listing,
      installed: false,
      recent,
    })
  }

  for (const wallet of input.recent.slice(0, RECENT_WALLETS_KEPT)) {
    const connector = connectorFor(wallet.rdns, wallet.id)
    const listing = [...input.featured, ...input.recommended].find(
      (candidate) => candidate.id === wallet.id || (!!wallet.rdns && candidate.rdns === wallet.rdns),
    )
    if (connector) pushConnector(connector, true, listing)
    else if (listing) pushListing(listing, true)
  }
  const listings = [...input.featured, ...input.recommended]
  for (const connector of input.connectors) {
    const rdns = connector.info?.rdns
    pushConnector(connector, false, rdns ? listings.find((listing) => listing.rdns === rdns) : undefined)
  }
  for (const listing of input.featured) pushListing(listing, false)
  for (const listing of input.recommended) pushListing(listing, false)
  return items
}
