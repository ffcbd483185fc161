import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { InvalidParameterError } from '../chain-api-errors.js'
import type { GasPriceResponse } from '../gas-price-response.js'
import {
  anyChainIdSchema,
  assertServedChain,
  parseParameters,
  projectIdSchema,
} from '../request-parameters.js'
import type { ChainApiRouteContext } from './route-context.js'
import { singleValues } from './single-values.js'

const gasPriceRequest = z.object({ projectId: projectIdSchema, chainId: anyChainIdSchema })

/**
 * `GET /v1/convert/gas-price`: standard, fast and instant gas prices of one chain, in wei; for a Solana
 * cluster, the fee of a one-signature message and that fee with recent priority fees, in lamports.
 */
export const gasPriceRoute: FastifyPluginAsync<ChainApiRouteContext> = async (
  app,
  { served, gasPrice, solana },
) => {
  app.get('/v1/convert/gas-price', async (request): Promise<GasPriceResponse> => {
    const input = parseParameters(gasPriceRequest, singleValues(request.query))
    if (typeof input.chainId === 'string') {
      if (!solana) throw new InvalidParameterError('chainId', 'no Solana cluster is served here')
      return solana.fee(solana.served(input.chainId))
    }
    assertServedChain(input.chainId, served)
    return gasPrice(input.chainId)
  })
}
