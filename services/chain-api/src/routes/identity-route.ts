import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { getIdentity } from '../get-identity.js'
import type { IdentityResponse } from '../identity-response.js'
import { evmAddressSchema, parseParameters, projectIdSchema } from '../request-parameters.js'
import type { ChainApiRouteContext } from './route-context.js'
import { singleValues } from './single-values.js'

const identityRequest = z.object({
  projectId: projectIdSchema,
  address: evmAddressSchema,
  sender: evmAddressSchema.optional(),
})

/** `GET /v1/identity/:address`: the address's registered name and avatar, if any. */
export const identityRoute: FastifyPluginAsync<ChainApiRouteContext> = async (app, { db }) => {
  app.get<{ Params: { address: string } }>(
    '/v1/identity/:address',
    async (request): Promise<IdentityResponse> => {
      const input = parseParameters(identityRequest, { ...singleValues(request.query), ...request.params })
      return getIdentity(db, input.address)
    },
  )
}
