import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import type { BalanceResponse } from '../balance-response.js'
import {
  assertServedChain,
  chainIdSchema,
  currencySchema,
  evmAddressSchema,
  parseParameters,
  projectIdSchema,
} from '../request-parameters.js'
import type { ChainApiRouteContext } from './route-context.js'
import { singleValues } from './single-values.js'

const caipTokenPattern = /^eip155:([1-9]\d{0,15}):0x[0-9a-fA-F]{40}$/

/**
 * `forceUpdate`: a flag (`?forceUpdate`, `true`, `1`: read every chain again), or the comma-separated CAIP-10
 * tokens a client knows have changed (Web3Modal sends the two tokens of a swap): their chains are read again.
 */
const forceUpdateSchema = z
  .string()
  .optional()
  .transform((value, context): boolean | Set<number> => {
    if (value === undefined || value === 'false' || value === '0') return false
    if (value === '' || value === 'true' || value === '1') return true
    const chains = new Set<number>()
    for (const id of value.split(',')) {
      const match = caipTokenPattern.exec(id.trim())
      if (!match) {
        context.addIssue({
          code: 'custom',
          message: 'expected true, false or a comma-separated list of CAIP-10 token ids',
        })
        return z.NEVER
      }
      chains.add(Number(match[1]))
    }
    return chains
  })

const balanceRequest = z.object({
  projectId: projectIdSchema,
  address: evmAddressSchema,
  currency: currencySchema,
  chainId: chainIdSchema.optional(),
  forceUpdate: forceUpdateSchema,
})

/** `GET /v1/account/:address/balance`: native and known ERC-20 balances, priced, on one or every chain. */
export const balanceRoute: FastifyPluginAsync<ChainApiRouteContext> = async (app, { served, balances }) => {
  app.get<{ Params: { address: string } }>(
    '/v1/account/:address/balance',
    async (request): Promise<BalanceResponse> => {
      const input = parseParameters(balanceRequest, { ...singleValues(request.query), ...request.params })
      if (input.chainId !== undefined) assertServedChain(input.chainId, served)
      const { forceUpdate } = input
      if (forceUpdate instanceof Set)
        for (const chainId of forceUpdate) assertServedChain(chainId, served, 'forceUpdate')
      // Without a chain, every served chain, in the configured order.
      const chains = input.chainId === undefined ? served : [input.chainId]
      const lists = await Promise.all(
        chains.map((chainId) =>
          balances(
            chainId,
            input.address,
            forceUpdate === true || (forceUpdate instanceof Set && forceUpdate.has(chainId)),
          ),
        ),
      )
      return { balances: lists.flat() }
    },
  )
}
