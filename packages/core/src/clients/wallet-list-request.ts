import { WALLETS_PAGE_SIZE } from '../config/constants.js'
import type { GetWalletsParams } from './explorer-request.js'

export interface WalletListOptions {
  /** CAIP-2 ids of the dApp's networks: only wallets supporting one of them are listed. */
  chains: readonly string[]
  featuredWalletIds: readonly string[]
  includeWalletIds: readonly string[]
  excludeWalletIds: readonly string[]
}

/** The list options a config asks for. */
export function walletListOptions(config: {
  networks: readonly { caipNetworkId: string }[]
  featuredWalletIds: readonly string[]
  includeWalletIds: readonly string[]
  excludeWalletIds: readonly string[]
}): WalletListOptions {
  return {
    chains: config.networks.map((network) => network.caipNetworkId),
    featuredWalletIds: config.featuredWalletIds,
    includeWalletIds: config.includeWalletIds,
    excludeWalletIds: config.excludeWalletIds,
  }
}

/** The filters every `/getWallets` request of the list carries: the dApp's networks and its include/exclude ids. */
export function walletFilters(
  list: WalletListOptions,
): Pick<GetWalletsParams, 'chains' | 'include' | 'exclude'> {
  return { chains: list.chains, include: list.includeWalletIds, exclude: list.excludeWalletIds }
}

/** The requests of the list an open shows first: the first page and, when the dApp chose some, its featured wallets. */
export function firstPageRequests(list: WalletListOptions): {
  page: GetWalletsParams
  featured: GetWalletsParams | undefined
} {
  return {
    page: { page: 1, entries: WALLETS_PAGE_SIZE, ...walletFilters(list) },
    featured: list.featuredWalletIds.length
      ? { page: 1, entries: list.featuredWalletIds.length, include: list.featuredWalletIds }
      : undefined,
  }
}
