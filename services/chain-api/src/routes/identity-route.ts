import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { getIdentity, getSolanaIdentity } from '../get-identity.js'
import type { IdentityResponse } from '../identity-response.js'
import { anyAddressSchema, isSolanaAddress, parseParameters, projectIdSchema } from '../request-parameters.js'
import type { ChainApiRouteContext } from './route-context.js'
import { singleValues } from './single-values.js'

const identityRequest = z.object({
  projectId: projectIdSchema,
  address: anyAddressSchema,
  sender: anyAddressSchema.optional(),
})

/** `GET /v1/identity/:address`: the address's (EVM or Solana) registered name and avatar, if any. */
export const identityRoute: FastifyPluginAsync<ChainApiRouteContext> = async (app, { db }) => {
  app.get<{ Params: { address: string } }>(
    '/v1/identity/:address',
    async (request): Promise<IdentityResponse> => {
      const input = parseParameters(identityRequest, { ...singleValues(request.query), ...request.params })
      return isSolanaAddress(input.address)
        ? getSolanaIdentity(db, input.address)
        : getIdentity(db, input.address)
    },
  )
}
