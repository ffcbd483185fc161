import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import type { FungiblePriceResponse } from '../fungible-price-response.js'
import { getFungiblePrices } from '../get-fungible-prices.js'
import { assertServedChain, currencySchema, parseParameters, projectIdSchema } from '../request-parameters.js'
import type { ChainApiRouteContext } from './route-context.js'
import { singleValues } from './single-values.js'

const MAX_PRICE_ADDRESSES = 100

/** `eip155:<chain>:<address>`, the native currency given as 0xeeee…eeee. */
const caipTokenSchema = z
  .string()
  .regex(/^eip155:[1-9]\d{0,15}:0x[0-9a-fA-F]{40}$/, 'expected eip155:<chainId>:0x<40 hex>')
  .transform((value) => {
    const [, chain, address] = value.split(':')
    return { chainId: Number(chain), address: (address as string).toLowerCase() }
  })

const fungiblePriceRequest = z.object({
  projectId: projectIdSchema,
  currency: currencySchema,
  addresses: z
    .array(caipTokenSchema, { error: 'expected an array of CAIP-10 token ids' })
    .max(MAX_PRICE_ADDRESSES, `at most ${MAX_PRICE_ADDRESSES} addresses`),
})

/** `POST /v1/fungible/price`: prices of the known tokens among the CAIP-10 ids asked for. */
export const fungiblePriceRoute: FastifyPluginAsync<ChainApiRouteContext> = async (app, context) => {
  const { served, tokens, priceBook, explorerUrl } = context
  app.post(
    '/v1/fungible/price',
    { bodyLimit: 64 * 1024 },
    async (request): Promise<FungiblePriceResponse> => {
      const body = request.body && typeof request.body === 'object' ? request.body : {}
      // projectId may come in the body (as the reference client sends it) or in the query.
      const input = parseParameters(fungiblePriceRequest, { ...singleValues(request.query), ...body })
      for (const [index, token] of input.addresses.entries()) {
        assertServedChain(token.chainId, served, `addresses.${index}`)
      }
      return { fungibles: await getFungiblePrices(input.addresses, tokens, priceBook, explorerUrl) }
    },
  )
}
