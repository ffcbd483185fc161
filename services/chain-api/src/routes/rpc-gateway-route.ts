import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { ChainClients } from '../chain-clients.js'
import { assertServedChain, chainIdSchema, parseParameters, projectIdSchema } from '../request-parameters.js'
import { parseJsonRpcBody } from '../rpc-gateway/json-rpc-envelope.js'
import { projectCallLimit } from '../rpc-gateway/project-call-limit.js'
import { createRpcGateway, type RpcGateway } from '../rpc-gateway/rpc-gateway.js'
import { parseTextBodiesAsJson } from './json-text-bodies.js'
import { singleValues } from './single-values.js'

const rpcQuery = z.object({ projectId: projectIdSchema, chainId: chainIdSchema })

/** A maximal blob transaction (spec §9: 761,855 bytes) in hex, with room for its envelope. */
const RPC_BODY_LIMIT_BYTES = 2 * 1024 * 1024

/**
 * `POST /v1/?chainId=eip155:<id>&projectId=…` answered by `gateway`: a JSON-RPC call or batch (sent as
 * application/json or text/plain) forwarded to the chain's nodes, see createRpcGateway. Answers are
 * JSON-RPC (a refused method is a -32601 error for that call); a bad query or body is a 400 in the kit's
 * error body, an upstream failure a 502 (504 on time-out), an exhausted project budget a 429.
 * Needs the kit's errorResponses and rateLimitStore registered around it.
 */
export function rpcGatewayRoutes(gateway: RpcGateway): FastifyPluginAsync {
  return async (app) => {
    // A text/plain body is JSON too (Web3Modal's and viem's clients send it so).
    parseTextBodiesAsJson(app)
    const countCalls = gateway.rateLimit ? projectCallLimit(app, gateway.rateLimit) : undefined
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const { chainId, projectId } = parseParameters(rpcQuery, singleValues(request.query))
      assertServedChain(chainId, gateway.chainIds)
      const body = parseJsonRpcBody(request.body)
      await countCalls?.(request, reply, projectId, body.requests.length)
      const { responses, cacheHits } = await gateway.forward(chainId, body.requests)
      reply.header(
        'x-portico-rpc-cache',
        cacheHits === 0 ? 'miss' : cacheHits === responses.length ? 'hit' : 'partial',
      )
      return body.batch ? responses : responses[0]
    }
    for (const url of ['/v1', '/v1/']) app.post(url, { bodyLimit: RPC_BODY_LIMIT_BYTES }, handler)
  }
}

/** The chain API's gateway: to each served chain's RPC URL, with spec §9's retries and time-out. */
export const rpcGatewayRoute: FastifyPluginAsync<{
  clients: Pick<ChainClients, 'chains'>
  now?: (() => number) | undefined
}> = async (app, { clients, now }) => {
  const upstreams = new Map(clients.chains.map((chain) => [chain.chainId, [chain.rpcUrl]]))
  await app.register(rpcGatewayRoutes(createRpcGateway({ upstreams, now })))
}
