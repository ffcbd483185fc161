import { randomUUID } from 'node:crypto'
import { testRedisUrl } from '@portico/database'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { afterEach, describe, expect, it } from 'vitest'
import { errorResponseSchema } from '../error-response.js'
import type { RpcGatewayOptions } from './rpc-gateway.js'
import { type FakeNode, gatewayApp, manualTimers, startFakeNode } from './rpc-gateway-test-kit.js'

const FINAL_HASH = `0x${'aa'.repeat(32)}`
const RECENT_HASH = `0x${'bb'.repeat(32)}`
const PENDING_HASH = `0x${'cc'.repeat(32)}`
const TX_HASH = `0x${'dd'.repeat(32)}`
const URL = '/v1/?chainId=eip155:1&projectId=test-project'

/** A node whose finalized block is 0x10: a receipt in block 5 is final, one in block 0x20 is not yet. */
function answer(call: { method: string; params?: unknown[] }): unknown {
  const [first] = call.params ?? []
  switch (call.method) {
    case 'eth_chainId':
      return '0x1'
    case 'eth_blockNumber':
      return '0x64'
    case 'eth_getBalance':
      return '0xde0b6b3a7640000'
    case 'eth_sendRawTransaction':
      return TX_HASH
    case 'eth_getBlockByNumber':
      return first === 'finalized' ? { number: '0x10', hash: FINAL_HASH } : { number: '0x64' }
    case 'eth_getTransactionReceipt':
      if (first === PENDING_HASH) return null
      return { transactionHash: first, blockNumber: first === FINAL_HASH ? '0x5' : '0x20', status: '0x1' }
    default:
      return null
  }
}

const nodes: FakeNode[] = []
const apps: FastifyInstance[] = []
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close()
  for (const node of nodes.splice(0)) await node.close()
})

async function node() {
  const started = await startFakeNode(answer)
  nodes.push(started)
  return started
}

async function gateway(urls: string[], options: Partial<RpcGatewayOptions> = {}) {
  const clock = manualTimers()
  const built = await gatewayApp({ upstreams: new Map([[1, urls]]), timers: clock.timers, ...options })
  apps.push(built.app)
  return { ...built, ...clock }
}

const post = (
  app: FastifyInstance,
  payload: unknown,
  options: { url?: string; contentType?: string; remoteAddress?: string } = {},
) =>
  app.inject({
    method: 'POST',
    url: options.url ?? URL,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    headers: { 'content-type': options.contentType ?? 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  })

const call = (id: number | string | null, method: string, params?: unknown[]) => ({
  jsonrpc: '2.0',
  id,
  method,
  ...(params ? { params } : {}),
})

/** The calls a node received, flattened out of batches. */
const methodsSeen = (upstream: FakeNode) =>
  upstream.received
    .flatMap((body) => (Array.isArray(body) ? body : [body]))
    .map((c) => (c as { method: string }).method)

describe('RPC gateway: forwarding', () => {
  it("forwards one call and answers under the caller's id", async () => {
    const upstream = await node()
    const { app } = await gateway([upstream.url])
    const response = await post(
      app,
      call('caller-id-7', 'eth_getBalance', ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', 'latest']),
    )
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ jsonrpc: '2.0', id: 'caller-id-7', result: '0xde0b6b3a7640000' })
    // The node saw the method and parameters as sent, under the gateway's own id.
    expect(upstream.received).toEqual([
      {
        jsonrpc: '2.0',
        id: 0,
        method: 'eth_getBalance',
        params: ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', 'latest'],
      },
    ])
  })

  it('forwards a batch in one upstream request and answers each call in order, duplicate ids included', async () => {
    const upstream = await node()
    const { app } = await gateway([upstream.url])
    const response = await post(app, [
      call(1, 'eth_blockNumber'),
      call(1, 'eth_getBalance', ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', 'latest']),
      call('x', 'anvil_mine', ['0x1']),
      call(null, 'eth_sendRawTransaction', ['0x02f8']),
    ])
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0x64' },
      { jsonrpc: '2.0', id: 1, result: '0xde0b6b3a7640000' },
      {
        jsonrpc: '2.0',
        id: 'x',
        error: { code: -32601, message: 'The method anvil_mine is not available through this RPC gateway' },
      },
      { jsonrpc: '2.0', id: null, result: TX_HASH },
    ])
    expect(upstream.received).toHaveLength(1)
    expect(methodsSeen(upstream)).toEqual(['eth_blockNumber', 'eth_getBalance', 'eth_sendRawTransaction'])
  })

  it('reads a text/plain body (as Web3Modal and viem browser clients send it)', async () => {
    const upstream = await node()
    const { app } = await gateway([upstream.url])
    const response = await post(app, JSON.stringify(call(3, 'eth_blockNumber')), {
      contentType: 'text/plain;charset=UTF-8',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ jsonrpc: '2.0', id: 3, result: '0x64' })
  })

  it('passes a JSON-RPC error of the node through, and answers a call the node left out with -32603', async () => {
    const upstream = await node()
    const { app } = await gateway([upstream.url])
    upstream.queue({
      status: 200,
      body: [
        { jsonrpc: '2.0', id: 0, error: { code: 3, message: 'execution reverted', data: '0x08c379a0' } },
      ],
    })
    const response = await post(app, [
      call(1, 'eth_call', [{ to: '0x0000000000000000000000000000000000000001' }]),
      call(2, 'eth_blockNumber'),
    ])
    expect(response.json()).toEqual([
      { jsonrpc: '2.0', id: 1, error: { code: 3, message: 'execution reverted', data: '0x08c379a0' } },
      { jsonrpc: '2.0', id: 2, error: { code: -32603, message: 'The node gave no answer to this call' } },
    ])
  })
})

describe('RPC gateway: refusals', () => {
  it.each([
    'eth_sendTransaction',
    'eth_sign',
    'eth_signTypedData_v4',
    'eth_accounts',
    'personal_sign',
    'personal_unlockAccount',
    'admin_peers',
    'debug_traceTransaction',
    'anvil_setBalance',
    'anvil_impersonateAccount',
    'evm_mine',
    'evm_revert',
    'hardhat_setBalance',
    'eth_newFilter',
  ])('answers %s with -32601 and never forwards it', async (method) => {
    const upstream = await node()
    const { app } = await gateway([upstream.url])
    const response = await post(app, call(1, method, []))
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ id: 1, error: { code: -32601 } })
    expect(upstream.received).toEqual([])
  })

  it.each([
    ['not JSON', '{"jsonrpc": "2.0",', 'body'],
    ['a number', '42', 'body'],
    ['no method', { jsonrpc: '2.0', id: 1 }, 'body.method'],
    ['a method with odd characters', call(1, 'eth call'), 'body.method'],
    ['JSON-RPC 1.0', { jsonrpc: '1.0', id: 1, method: 'eth_chainId' }, 'body.jsonrpc'],
    ['a notification (no id)', { jsonrpc: '2.0', method: 'eth_chainId' }, 'body.id'],
    ['params that are a string', { ...call(1, 'eth_chainId'), params: 'x' }, 'body.params'],
    ['an empty batch', [], 'body'],
    ['a bad call in a batch', [call(1, 'eth_chainId'), { jsonrpc: '2.0', id: 2 }], 'body[1].method'],
    ['a batch of 101 calls', Array.from({ length: 101 }, (_, i) => call(i, 'eth_chainId')), 'body'],
  ])('refuses %s with a 400 naming %s', async (_label, payload, parameter) => {
    const upstream = await node()
    const { app } = await gateway([upstream.url])
    for (const contentType of ['application/json', 'text/plain']) {
      const response = await post(app, payload, { contentType })
      // Fastify's own JSON parser refuses malformed JSON before the route: a 400 either way.
      expect(response.statusCode, contentType).toBe(400)
      const { error } = errorResponseSchema.parse(response.json())
      if (contentType === 'text/plain' || typeof payload !== 'string') {
        expect(error).toMatchObject({ code: 'INVALID_PARAMETER', parameter })
      }
    }
    expect(upstream.received).toEqual([])
  })

  it('refuses an unknown chain, a bad chain id and a missing projectId with a 400 naming the parameter', async () => {
    const upstream = await node()
    const { app } = await gateway([upstream.url])
    const cases = [
      ['/v1/?chainId=eip155:137&projectId=p', 'chainId', 'eip155:137 is not served here (served: eip155:1)'],
      ['/v1/?chainId=solana:1&projectId=p', 'chainId', undefined],
      ['/v1/?chainId=eip155:1', 'projectId', undefined],
    ] as const
    for (const [url, parameter, message] of cases) {
      const response = await post(app, call(1, 'eth_chainId'), { url })
      expect(response.statusCode, url).toBe(400)
      const { error } = errorResponseSchema.parse(response.json())
      expect(error).toMatchObject({ code: 'INVALID_PARAMETER', parameter })
      if (message) expect(error.message).toContain(message)
    }
    expect(upstream.received).toEqual([])
  })
})

describe('RPC gateway: retries, time-out and fallback (spec §9)', () => {
  it('retries a failing node 3 times after 150, 300 and 600 ms, then answers', async () => {
    const upstream = await node()
    const { app, sleeps } = await gateway([upstream.url])
    upstream.queue({ status: 503, body: {} }, { status: 429, body: {} }, { status: 502, body: 'bad gateway' })
    const response = await post(app, call(1, 'eth_blockNumber'))
    expect(response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x64' })
    expect(upstream.received).toHaveLength(4)
    expect(sleeps).toEqual([150, 300, 600])
  })

  it('answers 502 once the retries are spent, and does not retry what the node refused as a request', async () => {
    const upstream = await node()
    const { app, sleeps } = await gateway([upstream.url])
    upstream.queue(...Array.from({ length: 4 }, () => ({ status: 500, body: {} })))
    const failed = await post(app, call(1, 'eth_blockNumber'))
    expect(failed.statusCode).toBe(502)
    expect(errorResponseSchema.parse(failed.json()).error).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' })
    expect(upstream.received).toHaveLength(4)
    expect(sleeps).toEqual([150, 300, 600])

    // A 400 without a JSON-RPC answer will not pass by retrying.
    upstream.queue({ status: 400, body: 'no' })
    const refused = await post(app, call(2, 'eth_blockNumber'))
    expect(refused.statusCode).toBe(502)
    expect(upstream.received).toHaveLength(5)
  })

  it('times an attempt out after 10 s with a 504, without retrying the hanging node', async () => {
    const upstream = await node()
    const { app, deadlines, sleeps } = await gateway([upstream.url])
    upstream.queue('hang')
    const answer = post(app, call(1, 'eth_blockNumber'))
    await expect.poll(() => upstream.received.length).toBe(1)
    expect(deadlines.map((deadline) => deadline.ms)).toEqual([10_000])
    deadlines[0]?.expire()
    const response = await answer
    expect(response.statusCode).toBe(504)
    expect(errorResponseSchema.parse(response.json()).error).toMatchObject({ code: 'UPSTREAM_TIMEOUT' })
    expect(upstream.received).toHaveLength(1)
    expect(sleeps).toEqual([])
  })

  it('falls back to the next node when one is down or hangs', async () => {
    const down = await node()
    const downUrl = down.url
    await down.close()
    nodes.splice(nodes.indexOf(down), 1)
    const hanging = await node()
    const healthy = await node()
    const { app, deadlines, sleeps } = await gateway([downUrl, hanging.url, healthy.url])
    hanging.queue('hang')
    const answer = post(app, call(1, 'eth_chainId'))
    // The node that is down was tried 4 times (3 retries), then the hanging one.
    await expect.poll(() => hanging.received.length).toBe(1)
    expect(sleeps).toEqual([150, 300, 600])
    deadlines.at(-1)?.expire()
    expect((await answer).json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x1' })
    expect(healthy.received).toHaveLength(1)
  })
})

describe('RPC gateway: cache of immutable answers', () => {
  it('answers eth_chainId from the cache after the first call', async () => {
    const upstream = await node()
    const { app } = await gateway([upstream.url])
    const first = await post(app, call(1, 'eth_chainId'))
    expect(first.headers['x-portico-rpc-cache']).toBe('miss')
    const second = await post(app, call(2, 'eth_chainId'))
    expect(second.headers['x-portico-rpc-cache']).toBe('hit')
    expect(second.json()).toEqual({ jsonrpc: '2.0', id: 2, result: '0x1' })
    expect(methodsSeen(upstream)).toEqual(['eth_chainId'])
  })

  it('keeps a receipt once its block is finalized, and neither a recent one nor a pending transaction', async () => {
    const upstream = await node()
    const { app, gateway: rpc } = await gateway([upstream.url])
    const receipts = (id: number) => [
      call(id, 'eth_getTransactionReceipt', [FINAL_HASH]),
      call(id + 1, 'eth_getTransactionReceipt', [RECENT_HASH]),
      call(id + 2, 'eth_getTransactionReceipt', [PENDING_HASH]),
    ]
    await post(app, receipts(1))
    await rpc.settled()
    // The gateway read the finalized block (0x10) once, after answering.
    expect(methodsSeen(upstream).filter((method) => method === 'eth_getBlockByNumber')).toHaveLength(1)
    const again = await post(app, receipts(10))
    expect(again.headers['x-portico-rpc-cache']).toBe('partial')
    expect(again.json()).toEqual([
      { jsonrpc: '2.0', id: 10, result: { transactionHash: FINAL_HASH, blockNumber: '0x5', status: '0x1' } },
      {
        jsonrpc: '2.0',
        id: 11,
        result: { transactionHash: RECENT_HASH, blockNumber: '0x20', status: '0x1' },
      },
      { jsonrpc: '2.0', id: 12, result: null },
    ])
    // Only the final one was answered from the cache; a hash differing in case is the same key.
    expect(upstream.received.at(-1)).toEqual([
      call(0, 'eth_getTransactionReceipt', [RECENT_HASH]),
      call(1, 'eth_getTransactionReceipt', [PENDING_HASH]),
    ])
    const upper = await post(
      app,
      call(20, 'eth_getTransactionReceipt', [FINAL_HASH.toUpperCase().replace('0X', '0x')]),
    )
    expect(upper.headers['x-portico-rpc-cache']).toBe('hit')
  })

  it('never keeps answers that follow the head: balances, block numbers, blocks by tag', async () => {
    const upstream = await node()
    const { app, gateway: rpc } = await gateway([upstream.url])
    const heads = [
      call(1, 'eth_getBalance', ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', '0x5']),
      call(2, 'eth_blockNumber'),
      call(3, 'eth_getBlockByNumber', ['latest', false]),
    ]
    await post(app, heads)
    await rpc.settled()
    const again = await post(app, heads)
    expect(again.headers['x-portico-rpc-cache']).toBe('miss')
    expect(methodsSeen(upstream)).toEqual([
      'eth_getBalance',
      'eth_blockNumber',
      'eth_getBlockByNumber',
      'eth_getBalance',
      'eth_blockNumber',
      'eth_getBlockByNumber',
    ])
  })
})

describe('RPC gateway: per-project rate limit', () => {
  it('counts each call of a batch against the projectId and answers 429 with Retry-After past the budget', async () => {
    const upstream = await node()
    const { app } = await gateway([upstream.url], {
      rateLimit: { callsPerIp: 100, callsPerProjectPerIp: 5, callsPerProject: 5, timeWindowMs: 60_000 },
    })
    const batch = [call(1, 'eth_blockNumber'), call(2, 'eth_blockNumber'), call(3, 'eth_blockNumber')]
    expect((await post(app, batch)).statusCode).toBe(200)
    const refused = await post(app, batch)
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(errorResponseSchema.parse(refused.json()).error).toMatchObject({ code: 'RATE_LIMITED' })
    // Another project has its own budget.
    const other = await post(app, call(4, 'eth_blockNumber'), {
      url: '/v1/?chainId=eip155:1&projectId=other',
    })
    expect(other.statusCode).toBe(200)
  })
})

describe('RPC gateway: budgets one client cannot spend for others', () => {
  const batchOf = (size: number, first = 0) =>
    Array.from({ length: size }, (_, index) => call(first + index, 'eth_blockNumber'))

  it('keeps a project serving other clients after one client spent its share with big batches', async () => {
    const upstream = await node()
    const { app } = await gateway([upstream.url], {
      rateLimit: { callsPerIp: 1_000, callsPerProjectPerIp: 30, callsPerProject: 100, timeWindowMs: 60_000 },
    })
    const statuses: number[] = []
    for (let round = 0; round < 10; round++)
      statuses.push((await post(app, batchOf(10, round * 10))).statusCode)
    // 30 calls, then refused: the flooder's batches are weighted by their calls.
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429])
    expect(upstream.received.flat()).toHaveLength(30)
    // The project still serves everyone else.
    for (const remoteAddress of ['10.0.0.2', '10.0.0.3'])
      expect((await post(app, batchOf(10), { remoteAddress })).statusCode, remoteAddress).toBe(200)
  })

  it('counts one address across every projectId it names: rotating ids buys no more upstream calls', async () => {
    const upstream = await node()
    const { app } = await gateway([upstream.url], {
      rateLimit: {
        callsPerIp: 20,
        callsPerProjectPerIp: 1_000,
        callsPerProject: 1_000,
        timeWindowMs: 60_000,
      },
    })
    const statuses: number[] = []
    for (let round = 0; round < 8; round++) {
      const url = `/v1/?chainId=eip155:1&projectId=rotated-${round}`
      statuses.push((await post(app, batchOf(10), { url })).statusCode)
    }
    expect(statuses).toEqual([200, 200, 429, 429, 429, 429, 429, 429])
    expect(upstream.received.flat()).toHaveLength(20)
    const refused = await post(app, call(1, 'eth_blockNumber'), {
      url: '/v1/?chainId=eip155:1&projectId=fresh',
    })
    expect(errorResponseSchema.parse(refused.json()).error.message).toContain('client address')
    expect((await post(app, batchOf(10), { remoteAddress: '10.0.0.9' })).statusCode).toBe(200)
  })
})

describe.skipIf(!testRedisUrl)('RPC gateway: per-project rate limit shared through Redis', () => {
  it('counts the calls of two gateways sharing one Redis against one budget', async () => {
    const upstream = await node()
    const keyPrefix = `rpc-gateway-test-${randomUUID()}:`
    const rateLimit = { callsPerIp: 100, callsPerProjectPerIp: 4, callsPerProject: 4, timeWindowMs: 60_000 }
    const replicas = await Promise.all(
      [0, 1].map(() =>
        gatewayApp(
          { upstreams: new Map([[1, [upstream.url]]]), rateLimit },
          { redis: testRedisUrl ?? '', keyPrefix },
        ),
      ),
    )
    apps.push(...replicas.map(({ app }) => app))
    const [a, b] = replicas.map(({ app }) => app) as [FastifyInstance, FastifyInstance]
    expect(
      (await post(a, [call(1, 'eth_blockNumber'), call(2, 'eth_blockNumber'), call(3, 'eth_blockNumber')]))
        .statusCode,
    ).toBe(200)
    expect((await post(b, call(4, 'eth_blockNumber'))).statusCode).toBe(200)
    expect((await post(b, call(5, 'eth_blockNumber'))).statusCode).toBe(429)
    expect((await post(a, call(6, 'eth_blockNumber'))).statusCode).toBe(429)
    const redis = new Redis(testRedisUrl ?? '')
    const keys = await redis.keys(`${keyPrefix}*`)
    if (keys.length > 0) await redis.del(...keys)
    await redis.quit()
  })
})
