import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import type { GasPriceResponse } from '../gas-price-response.js'
import { assertServedChain, chainIdSchema, parseParameters, projectIdSchema } from '../request-parameters.js'
import type { ChainApiRouteContext } from './route-context.js'
import { singleValues } from './single-values.js'

const gasPriceRequest = z.object({ projectId: projectIdSchema, chainId: chainIdSchema })

/** `GET /v1/convert/gas-price`: standard, fast and instant gas prices of one chain. */
export const gasPriceRoute: FastifyPluginAsync<ChainApiRouteContext> = async (app, { served, gasPrice }) => {
  app.get('/v1/convert/gas-price', async (request): Promise<GasPriceResponse> => {
    const input = parseParameters(gasPriceRequest, singleValues(request.query))
    assertServedChain(input.chainId, served)
    return gasPrice(input.chainId)
  })
}
