import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import type { BalanceResponse } from '../balance-response.js'
import { InvalidParameterError } from '../chain-api-errors.js'
import {
  anyAddressSchema,
  anyChainIdSchema,
  assertServedChain,
  currencySchema,
  isSolanaAddress,
  parseParameters,
  projectIdSchema,
} from '../request-parameters.js'
import type { ChainApiRouteContext } from './route-context.js'
import { singleValues } from './single-values.js'

const caipTokenPattern =
  /^(eip155:[1-9]\d{0,15}):0x[0-9a-fA-F]{40}$|^(solana:[1-9A-HJ-NP-Za-km-z]{32}):[1-9A-HJ-NP-Za-km-z]{32,44}$/

/**
 * `forceUpdate`: a flag (`?forceUpdate`, `true`, `1`: read every chain again), or the comma-separated CAIP-10
 * tokens a client knows have changed (Web3Modal sends the two tokens of a swap): their chains (as CAIP-2
 * ids) are read again.
 */
const forceUpdateSchema = z
  .string()
  .optional()
  .transform((value, context): boolean | Set<string> => {
    if (value === undefined || value === 'false' || value === '0') return false
    if (value === '' || value === 'true' || value === '1') return true
    const chains = new Set<string>()
    for (const id of value.split(',')) {
      const match = caipTokenPattern.exec(id.trim())
      if (!match) {
        context.addIssue({
          code: 'custom',
          message: 'expected true, false or a comma-separated list of CAIP-10 token ids',
        })
        return z.NEVER
      }
      chains.add((match[1] ?? match[2]) as string)
    }
    return chains
  })

const balanceRequest = z.object({
  projectId: projectIdSchema,
  address: anyAddressSchema,
  currency: currencySchema,
  chainId: anyChainIdSchema.optional(),
  forceUpdate: forceUpdateSchema,
})

const forced = (forceUpdate: boolean | Set<string>, caipNetworkId: string) =>
  forceUpdate === true || (forceUpdate instanceof Set && forceUpdate.has(caipNetworkId))

/**
 * `GET /v1/account/:address/balance`: native and known token balances, priced, on one or every chain of
 * the address's namespace (EVM chains for a 0x address, Solana clusters for a base58 one).
 */
export const balanceRoute: FastifyPluginAsync<ChainApiRouteContext> = async (
  app,
  { served, balances, solana },
) => {
  app.get<{ Params: { address: string } }>(
    '/v1/account/:address/balance',
    async (request): Promise<BalanceResponse> => {
      const input = parseParameters(balanceRequest, { ...singleValues(request.query), ...request.params })
      const { forceUpdate, chainId } = input
      if (isSolanaAddress(input.address)) {
        if (!solana) throw new InvalidParameterError('address', 'Solana addresses are not served here')
        if (typeof chainId === 'number') {
          throw new InvalidParameterError('chainId', 'a Solana address has balances on Solana clusters only')
        }
        if (forceUpdate instanceof Set) for (const id of forceUpdate) solana.served(id, 'forceUpdate')
        const clusters = chainId === undefined ? solana.clusters.list : [solana.served(chainId)]
        const lists = await Promise.all(
          clusters.map((cluster) =>
            solana.balances(cluster, input.address, forced(forceUpdate, cluster.caipNetworkId)),
          ),
        )
        return { balances: lists.flat() }
      }
      if (typeof chainId === 'string') {
        throw new InvalidParameterError('chainId', 'an EVM address has balances on EVM chains only')
      }
      if (chainId !== undefined) assertServedChain(chainId, served)
      if (forceUpdate instanceof Set) {
        for (const id of forceUpdate) {
          if (!id.startsWith('eip155:'))
            throw new InvalidParameterError('forceUpdate', `${id} is not an EVM chain`)
          assertServedChain(Number(id.slice('eip155:'.length)), served, 'forceUpdate')
        }
      }
      // Without a chain, every served chain, in the configured order.
      const chains = chainId === undefined ? served : [chainId]
      const lists = await Promise.all(
        chains.map((id) => balances(id, input.address as `0x${string}`, forced(forceUpdate, `eip155:${id}`))),
      )
      return { balances: lists.flat() }
    },
  )
}
