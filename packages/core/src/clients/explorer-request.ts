import { SDK_TYPE, SDK_VERSION } from '../config/constants.js'

export interface GetWalletsParams {
  page: number
  entries: number
  /** CAIP-2 network ids the wallet must support. */
  chains?: readonly string[] | undefined
  include?: readonly string[] | undefined
  exclude?: readonly string[] | undefined
  search?: string | undefined
}

/** The headers every explorer request carries (spec §7). */
export function explorerHeaders(projectId: string): Record<string, string> {
  return {
    'x-project-id': projectId,
    'x-sdk-type': SDK_TYPE,
    'x-sdk-version': `react-evm-${SDK_VERSION}`,
  }
}

/** The `/getWallets` URL for these parameters; one builder, so an early request matches the later one. */
export function getWalletsUrl(baseUrl: string, params: GetWalletsParams): string {
  const query = new URLSearchParams({ page: String(params.page), entries: String(params.entries) })
  if (params.chains?.length) query.set('chains', params.chains.join(','))
  if (params.include?.length) query.set('include', params.include.join(','))
  if (params.exclude?.length) query.set('exclude', params.exclude.join(','))
  if (params.search) query.set('search', params.search)
  return `${baseUrl.replace(/\/$/, '')}/getWallets?${query}`
}

/**
 * The explorer's image of a network (by its image id, e.g. a CAIP-2 id), a connector or a social provider
 * (spec §7): logos load through <img src>, so nothing of a logo set is bundled into the client.
 */
export const assetImageUrl = (explorerUrl: string, id: string): string =>
  `${explorerUrl.replace(/\/+$/, '')}/public/getAssetImage/${id}`
