import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { InvalidParameterError } from '../chain-api-errors.js'
import { getHistory } from '../get-history.js'
import { decodeHistoryCursor } from '../history-cursor.js'
import type { HistoryResponse } from '../history-response.js'
import type { OnrampHistoryItem } from '../onramp/onramp-history.js'
import {
  assertServedChain,
  chainIdSchema,
  evmAddressSchema,
  parseParameters,
  projectIdSchema,
} from '../request-parameters.js'
import type { ChainApiRouteContext } from './route-context.js'
import { singleValues } from './single-values.js'

const historyRequest = z.object({
  projectId: projectIdSchema,
  address: evmAddressSchema,
  chainId: chainIdSchema.optional(),
  cursor: z.string().optional(),
  onramp: z.string().max(64).optional(),
})

/** `GET /v1/account/:address/history`: one page of indexed transactions on one chain, newest first. */
export const historyRoute: FastifyPluginAsync<ChainApiRouteContext> = async (app, context) => {
  const { db, served, tokens, priceBook, explorerUrl, onramp } = context
  app.get<{ Params: { address: string } }>(
    '/v1/account/:address/history',
    async (request): Promise<HistoryResponse | { data: OnrampHistoryItem[]; next: null }> => {
      const input = parseParameters(historyRequest, { ...singleValues(request.query), ...request.params })
      // With `onramp` (and no chainId) the answer is the address's on-ramp purchases on every chain.
      if (input.onramp && input.chainId === undefined)
        return { data: await onramp.history(input.address), next: null }
      if (input.chainId === undefined) throw new InvalidParameterError('chainId', 'is required')
      assertServedChain(input.chainId, served)
      const after = input.cursor ? decodeHistoryCursor(input.cursor) : undefined
      return getHistory(
        db,
        { chainId: input.chainId, address: input.address, after },
        tokens,
        await priceBook.prices(input.chainId),
        explorerUrl,
      )
    },
  )
}
