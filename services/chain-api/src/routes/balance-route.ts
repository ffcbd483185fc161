import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import type { BalanceResponse } from '../balance-response.js'
import {
  assertServedChain,
  chainIdSchema,
  currencySchema,
  evmAddressSchema,
  flagSchema,
  parseParameters,
  projectIdSchema,
} from '../request-parameters.js'
import type { ChainApiRouteContext } from './route-context.js'
import { singleValues } from './single-values.js'

const balanceRequest = z.object({
  projectId: projectIdSchema,
  address: evmAddressSchema,
  currency: currencySchema,
  chainId: chainIdSchema.optional(),
  forceUpdate: flagSchema,
})

/** `GET /v1/account/:address/balance`: native and known ERC-20 balances, priced, on one or every chain. */
export const balanceRoute: FastifyPluginAsync<ChainApiRouteContext> = async (app, { served, balances }) => {
  app.get<{ Params: { address: string } }>(
    '/v1/account/:address/balance',
    async (request): Promise<BalanceResponse> => {
      const input = parseParameters(balanceRequest, { ...singleValues(request.query), ...request.params })
      if (input.chainId !== undefined) assertServedChain(input.chainId, served)
      // Without a chain, every served chain, in the configured order.
      const chains = input.chainId === undefined ? served : [input.chainId]
      const lists = await Promise.all(
        chains.map((chainId) => balances(chainId, input.address, input.forceUpdate)),
      )
      return { balances: lists.flat() }
    },
  )
}
