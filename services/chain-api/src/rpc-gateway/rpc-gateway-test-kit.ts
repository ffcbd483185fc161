import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { errorResponses, rateLimitStore } from '@portico/http-kit'
import Fastify, { type FastifyInstance } from 'fastify'
import { rpcGatewayRoutes } from '../routes/rpc-gateway-route.js'
import type { GatewayTimers } from './gateway-timers.js'
import { createRpcGateway, type RpcGateway, type RpcGatewayOptions } from './rpc-gateway.js'

/** What a fake node answers one HTTP request with. */
export type NodeReply = { status: number; body: unknown } | 'hang'

export interface FakeNode {
  url: string
  /** Each HTTP request's parsed body, in arrival order. */
  received: unknown[]
  /** Answers the next requests with these, then falls back to `answer`. */
  queue(...replies: NodeReply[]): void
  close(): Promise<void>
}

type Call = { id: number; method: string; params?: unknown[] }

/**
 * A JSON-RPC node on a free loopback port: by default it answers every call with `answer(call)` (a batch
 * with an array), and records what it received. Requests told to hang are left open until close().
 */
export async function startFakeNode(answer: (call: Call) => unknown): Promise<FakeNode> {
  const received: unknown[] = []
  const replies: NodeReply[] = []
  const hanging: ServerResponse[] = []
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Call | Call[]
    received.push(body)
    const reply = replies.shift()
    if (reply === 'hang') {
      hanging.push(response)
      return
    }
    const respond = (call: Call) => ({ jsonrpc: '2.0', id: call.id, result: answer(call) })
    const { status, body: answerBody } = reply ?? {
      status: 200,
      body: Array.isArray(body) ? body.map(respond) : respond(body),
    }
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answerBody))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    queue: (...next) => void replies.push(...next),
    async close() {
      for (const response of hanging) response.destroy()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

/** Timers that never wait: back-offs are recorded, deadlines fire when the test says. */
export function manualTimers() {
  const sleeps: number[] = []
  const deadlines: { ms: number; expire(): void }[] = []
  const timers: GatewayTimers = {
    async sleep(ms) {
      sleeps.push(ms)
    },
    deadline(ms) {
      const controller = new AbortController()
      deadlines.push({ ms, expire: () => controller.abort() })
      return { signal: controller.signal, clear() {} }
    },
  }
  return { timers, sleeps, deadlines }
}

/** The gateway's route alone in a Fastify app, with the kit's error body and rate-limit store (memory, or Redis). */
export async function gatewayApp(
  options: RpcGatewayOptions,
  store: { redis?: string; keyPrefix?: string } = {},
): Promise<{ app: FastifyInstance; gateway: RpcGateway }> {
  const gateway = createRpcGateway(options)
  const app = Fastify()
  await app.register(errorResponses, { service: 'chain API' })
  await app.register(rateLimitStore, store)
  await app.register(rpcGatewayRoutes(gateway))
  await app.ready()
  return { app, gateway }
}
