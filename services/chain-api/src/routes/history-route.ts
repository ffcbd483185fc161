import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { InvalidParameterError } from '../chain-api-errors.js'
import { getHistory } from '../get-history.js'
import { decodeHistoryCursor } from '../history-cursor.js'
import type { HistoryResponse } from '../history-response.js'
import type { OnrampHistoryItem } from '../onramp/onramp-history.js'
import {
  anyAddressSchema,
  anyChainIdSchema,
  assertServedChain,
  isSolanaAddress,
  parseParameters,
  projectIdSchema,
} from '../request-parameters.js'
import { solanaHistoryView } from '../solana/solana-history-view.js'
import type { ChainApiRouteContext } from './route-context.js'
import { singleValues } from './single-values.js'

const historyRequest = z.object({
  projectId: projectIdSchema,
  address: anyAddressSchema,
  chainId: anyChainIdSchema.optional(),
  cursor: z.string().optional(),
  onramp: z.string().max(64).optional(),
})

/** `GET /v1/account/:address/history`: one page of indexed transactions on one chain, newest first. */
export const historyRoute: FastifyPluginAsync<ChainApiRouteContext> = async (app, context) => {
  const { db, served, tokens, priceBook, explorerUrl, onramp, solana } = context
  app.get<{ Params: { address: string } }>(
    '/v1/account/:address/history',
    async (request): Promise<HistoryResponse | { data: OnrampHistoryItem[]; next: null }> => {
      const input = parseParameters(historyRequest, { ...singleValues(request.query), ...request.params })
      // With `onramp` (and no chainId) the answer is the address's on-ramp purchases on every chain.
      if (input.onramp && input.chainId === undefined)
        return { data: await onramp.history(input.address), next: null }
      if (input.chainId === undefined) throw new InvalidParameterError('chainId', 'is required')
      const after = input.cursor ? decodeHistoryCursor(input.cursor) : undefined
      if (isSolanaAddress(input.address) !== (typeof input.chainId === 'string')) {
        throw new InvalidParameterError('chainId', "is not of the address's namespace")
      }
      if (typeof input.chainId === 'string') {
        if (!solana) throw new InvalidParameterError('chainId', 'no Solana cluster is served here')
        const cluster = solana.served(input.chainId)
        const { tokens: clusterTokens, prices, view } = solanaHistoryView(cluster)
        return getHistory(
          db,
          { chainId: cluster.storageChainId, address: input.address, after },
          clusterTokens,
          prices,
          explorerUrl,
          view,
        )
      }
      assertServedChain(input.chainId, served)
      return getHistory(
        db,
        { chainId: input.chainId, address: input.address, after },
        tokens,
        // The history stands without prices (a chain whose pools are gone, say after a reset): values read 0.
        await priceBook.prices(input.chainId).catch(() => new Map<string, number>()),
        explorerUrl,
      )
    },
  )
}
