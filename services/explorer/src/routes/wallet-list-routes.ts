import type { FastifyPluginAsync } from 'fastify'
import type { Kysely } from 'kysely'
import type { ExplorerDatabase } from '../explorer-database.js'
import { getWallets } from '../get-wallets.js'
import { parseGetWalletsQuery } from '../get-wallets-query.js'
import { publicBaseUrl } from '../public-base-url.js'
import { type GetWalletsResponse, toWalletListing } from '../wallet-listing.js'
import { createWalletPageCache } from '../wallet-page-cache.js'

export interface WalletListRoutesOptions {
  db: Kysely<ExplorerDatabase>
  /** Base URL for image_url; default: the request's own origin. */
  publicUrl: string | undefined
  /** How long a /getWallets answer may be reused; 0 queries the database every time. */
  walletCacheTtlMs: number
}

/** GET /getWallets: a page of the wallet registry, filtered and searched. */
export const walletListRoutes: FastifyPluginAsync<WalletListRoutesOptions> = async (app, options) => {
  const walletPages = createWalletPageCache(options.walletCacheTtlMs)
  app.get('/getWallets', async (request): Promise<GetWalletsResponse> => {
    const query = parseGetWalletsQuery(request.query)
    const { count, rows } = await walletPages(query, () => getWallets(options.db, query))
    const baseUrl = `${publicBaseUrl(request, options.publicUrl)}${app.prefix}`
    return { count, data: rows.map((row) => toWalletListing(row, baseUrl)) }
  })
}
