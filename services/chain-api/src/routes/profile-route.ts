import { errorResponse } from '@portico/http-kit'
import type { FastifyError, FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { accountNameSchema } from '../account-name.js'
import { NotFoundError } from '../chain-api-errors.js'
import { lookupName, reverseLookup, suggestNames } from '../name-profiles.js'
import { NameRequestRefusedError } from '../profile-errors.js'
import type { NameProfile, NameSuggestionsResponse, ProfileErrorResponse } from '../profile-response.js'
import { registerName } from '../register-name.js'
import { evmAddressSchema, parseParameters, projectIdSchema } from '../request-parameters.js'
import type { ChainApiRouteContext } from './route-context.js'
import { singleValues } from './single-values.js'

// Web3Modal adds these to its lookups; they change nothing here.
const clientHints = {
  apiVersion: z.string().optional(),
  sender: z.string().optional(),
  zone: z.string().optional(),
}

const nameRequest = z.object({ projectId: projectIdSchema, name: accountNameSchema, ...clientHints })
const addressRequest = z.object({ projectId: projectIdSchema, address: evmAddressSchema, ...clientHints })

/**
 * `/v1/profile/*`: account names (`<name>.wcn.id`) as Web3Modal resolves, suggests and registers them.
 * Every refusal also carries `status` and `reasons: [{name, description}]` (its BlockchainApiEnsError).
 */
export const profileRoute: FastifyPluginAsync<ChainApiRouteContext> = async (app, context) => {
  const { db } = context
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { statusCode, body } = errorResponse(error)
    if (statusCode >= 500) request.log.error({ err: error }, 'chain API request failed')
    const reason =
      error instanceof NameRequestRefusedError
        ? { name: error.field, description: error.message }
        : { name: body.error.parameter ?? 'request', description: body.error.message }
    if (statusCode === 429 && body.error.retryAfterSeconds !== undefined)
      reply.header('retry-after', body.error.retryAfterSeconds)
    const answer: ProfileErrorResponse = { ...body, status: 'FAILED', reasons: [reason] }
    return reply.code(statusCode).send(answer)
  })

  app.get<{ Params: { name: string } }>(
    '/v1/profile/account/:name',
    async (request): Promise<NameProfile> => {
      const { name } = parseParameters(nameRequest, { ...singleValues(request.query), ...request.params })
      const profile = await lookupName(db, name)
      if (!profile) throw new NotFoundError(`The name ${name} is not registered`)
      return profile
    },
  )

  app.get<{ Params: { address: string } }>(
    '/v1/profile/reverse/:address',
    async (request): Promise<NameProfile[]> => {
      const { address } = parseParameters(addressRequest, {
        ...singleValues(request.query),
        ...request.params,
      })
      return reverseLookup(db, address)
    },
  )

  app.get<{ Params: { name: string } }>(
    '/v1/profile/suggestions/:name',
    async (request): Promise<NameSuggestionsResponse> => {
      const { name } = parseParameters(nameRequest, { ...singleValues(request.query), ...request.params })
      return suggestNames(db, name)
    },
  )

  app.post('/v1/profile/account', async (request): Promise<NameProfile> => {
    const body = request.body && typeof request.body === 'object' ? request.body : {}
    return registerName(context, { ...singleValues(request.query), ...body })
  })
}
