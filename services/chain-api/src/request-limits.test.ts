import { randomUUID } from 'node:crypto'
import { testRedisUrl } from '@portico/database'
import { DEV_ACCOUNTS, type Devnet, startDevnet } from '@portico/devnet'
import { parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  devnetClients,
  manifestVia,
  PROJECT,
  type RpcForwarder,
  startRpcForwarder,
} from './chain-api-test-helpers.js'
import {
  balanceResponseSchema,
  type ChainApiServer,
  type CreateChainApiServerOptions,
  createChainApiServer,
  errorResponseSchema,
} from './index.js'

const ADDRESS = DEV_ACCOUNTS[4]
const CHAINS = [1, 137]
const NATIVE_TOKEN = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
// A balance read is eth_getBalance plus one eth_call per seeded token (USDC, WBTC, DAI, UNI).
const CALLS_PER_READ = 5
// Scaled-out mode against the real Redis (PORTICO_TEST_REDIS_URL; unset, npm test says it did not run).
const REDIS_URL = testRedisUrl ?? ''

let devnet: Devnet
let forwarder: RpcForwarder
const servers: ChainApiServer[] = []

beforeAll(async () => {
  devnet = await startDevnet({ port: 0, chainIds: CHAINS })
  forwarder = await startRpcForwarder(devnet.url)
})

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  await forwarder?.close()
  await devnet?.stop()
})

async function open(options: Partial<CreateChainApiServerOptions> = {}) {
  const server = await createChainApiServer({
    manifest: manifestVia(devnet.manifest, forwarder.url),
    indexer: false,
    // Prices (pool reads) are read once below and then kept, so the calls counted here are balance reads.
    priceCacheTtlMs: 3_600_000,
    ...options,
  })
  servers.push(server)
  // From an address and project of its own, so it spends none of the budgets the tests count.
  await server.app.inject({
    method: 'POST',
    url: '/v1/fungible/price',
    remoteAddress: '10.255.255.1',
    payload: {
      projectId: 'price-warm-up',
      addresses: CHAINS.map((chainId) => `eip155:${chainId}:${NATIVE_TOKEN}`),
    },
  })
  return server
}

const balanceUrl = (query = '') => `/v1/account/${ADDRESS}/balance?projectId=${PROJECT}${query}`

describe('forceUpdate', { timeout: 60_000 }, () => {
  it('1,000 concurrent forced balance requests read each chain once', async () => {
    const server = await open({ rateLimit: false, now: () => 1_000_000 })
    const before = forwarder.calls()
    const responses = await Promise.all(
      Array.from({ length: 1_000 }, () =>
        server.app.inject({ method: 'GET', url: balanceUrl('&forceUpdate=true') }),
      ),
    )
    expect(responses.filter((response) => response.statusCode !== 200)).toEqual([])
    expect(forwarder.calls() - before).toBe(CHAINS.length * CALLS_PER_READ)
  })

  it('reads the chain again at most once a second per address, and then sees a new transfer', async () => {
    let now = 0
    const server = await open({ rateLimit: false, now: () => now })
    const before = forwarder.calls()
    // 1,000 requests one after another, 10 ms apart: 10 s of forced requests.
    for (let i = 0; i < 1_000; i++) {
      const response = await server.app.inject({ method: 'GET', url: balanceUrl('&forceUpdate=true') })
      expect(response.statusCode).toBe(200)
      now += 10
    }
    const reads = (forwarder.calls() - before) / (CHAINS.length * CALLS_PER_READ)
    expect(reads).toBe(10)

    const { wallet, publicClient } = devnetClients(devnet.rpcUrl(1), 1, 0)
    const hash = await wallet.sendTransaction({ to: ADDRESS, value: parseEther('2') })
    await publicClient.waitForTransactionReceipt({ hash })
    const expected = await publicClient.getBalance({ address: ADDRESS })
    now += 1_000
    const forced = balanceResponseSchema.parse(
      (await server.app.inject({ method: 'GET', url: balanceUrl('&forceUpdate=true&chainId=1') })).json(),
    )
    expect(parseEther(forced.balances[0]?.quantity.numeric ?? '')).toBe(expected)
  })
})

describe('rate limits', { timeout: 60_000 }, () => {
  const expectRateLimited = (
    response: Awaited<ReturnType<ChainApiServer['app']['inject']>>,
    scope: RegExp,
  ) => {
    expect(response.statusCode).toBe(429)
    const { error } = errorResponseSchema.parse(response.json())
    expect(error.code).toBe('RATE_LIMITED')
    expect(error.message).toMatch(scope)
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0)
    expect(error.retryAfterSeconds).toBe(Number(response.headers['retry-after']))
  }

  it('answers 429 with a clear body once a client address is over its budget', async () => {
    const server = await open({ rateLimit: { perIp: 5, perProject: 1_000, timeWindowMs: 60_000 } })
    const get = (remoteAddress: string) =>
      server.app.inject({ method: 'GET', url: '/v1/convert/gas-price?projectId=p1&chainId=1', remoteAddress })
    for (let i = 0; i < 5; i++) expect((await get('10.0.0.1')).statusCode).toBe(200)
    expectRateLimited(await get('10.0.0.1'), /client address/)
    // Counted before validation: bad requests use the budget too, and do not reach the chain.
    const before = forwarder.calls()
    expectRateLimited(
      await server.app.inject({
        method: 'GET',
        url: balanceUrl('&forceUpdate=true'),
        remoteAddress: '10.0.0.1',
      }),
      /client address/,
    )
    expect(forwarder.calls()).toBe(before)
    expect((await get('10.0.0.2')).statusCode).toBe(200)
  })

  it('answers 429 once a projectId is over its budget, from any address, query or body', async () => {
    const server = await open({ rateLimit: { perIp: 1_000, perProject: 3, timeWindowMs: 60_000 } })
    const price = (projectId: string, remoteAddress: string) =>
      server.app.inject({
        method: 'POST',
        url: '/v1/fungible/price',
        payload: { projectId, currency: 'usd', addresses: [] },
        remoteAddress,
      })
    const gas = (projectId: string, remoteAddress: string) =>
      server.app.inject({
        method: 'GET',
        url: `/v1/convert/gas-price?projectId=${projectId}&chainId=1`,
        remoteAddress,
      })
    expect((await price('busy', '10.0.1.1')).statusCode).toBe(200)
    expect((await gas('busy', '10.0.1.2')).statusCode).toBe(200)
    expect((await price('busy', '10.0.1.3')).statusCode).toBe(200)
    expectRateLimited(await gas('busy', '10.0.1.4'), /project id/)
    expectRateLimited(await price('busy', '10.0.1.5'), /project id/)
    expect((await gas('quiet', '10.0.1.4')).statusCode).toBe(200)
  })

  it.skipIf(!testRedisUrl)('shares the counters between replicas through Redis', async () => {
    const options = {
      rateLimit: { perIp: 4, perProject: 1_000, timeWindowMs: 60_000 },
      redisUrl: REDIS_URL,
      redisKeyPrefix: `portico:test:${randomUUID()}:`,
    }
    const [a, b] = [await open(options), await open(options)]
    const get = (server: ChainApiServer) =>
      server.app.inject({ method: 'GET', url: '/v1/convert/gas-price?projectId=p2&chainId=1' })
    for (const server of [a, b, a, b]) expect((await get(server)).statusCode).toBe(200)
    expectRateLimited(await get(a), /client address/)
    expectRateLimited(await get(b), /client address/)
  })
  it('stops start-up when the Redis for the counters cannot be reached', async () => {
    // Port 1 on loopback: nothing listens, the connection is refused at once.
    await expect(open({ redisUrl: 'redis://127.0.0.1:1' })).rejects.toThrow()
  })
})

describe('NUL bytes', () => {
  const address = ADDRESS.toLowerCase()
  it.each([
    [`/v1/account/${address}/balance?projectId=p&chainId=1&currency=usd%00`, 'currency'],
    [`/v1/account/${address}/balance?projectId=p%00`, 'projectId'],
    [`/v1/account/${address}/balance?projectId=p&forceUpdate=%00`, 'forceUpdate'],
    [`/v1/account/${address}%00/balance?projectId=p`, 'address'],
    [`/v1/account/${address}/history?projectId=p&chainId=1&onramp=coinbase%00`, 'onramp'],
    [`/v1/account/${address}/history?projectId=p&chainId=1&cursor=%00`, 'cursor'],
    [`/v1/account/%00/history?projectId=p&chainId=1`, 'address'],
    [`/v1/identity/${address}?projectId=p&sender=%00`, 'sender'],
    [`/v1/identity/${address}?projectId=p&unknown=a%00b`, 'unknown'],
    [`/v1/identity/${address}?projectId=p&a%00b=1`, 'request'],
    [`/v1/convert/gas-price?projectId=p&chainId=1%00`, 'chainId'],
    [`/v1/fungible/price?projectId=p%00`, 'projectId', 'POST'],
  ])('%s is a 400 naming %s', async (url, parameter, method = 'GET') => {
    const server = servers[0] ?? (await open())
    const response = await server.app.inject({
      method: method as 'GET' | 'POST',
      url,
      ...(method === 'POST' ? { payload: { currency: 'usd', addresses: [] } } : {}),
    })
    expect(response.statusCode).toBe(400)
    expect(errorResponseSchema.parse(response.json())).toEqual({
      error: {
        code: 'INVALID_PARAMETER',
        parameter,
        message: `Invalid ${parameter}: must not contain a NUL byte (%00)`,
      },
    })
  })

  it('is a 400 in a JSON body too', async () => {
    const server = servers[0] ?? (await open())
    const response = await server.app.inject({
      method: 'POST',
      url: '/v1/fungible/price',
      payload: { projectId: 'p', currency: 'usd', addresses: [], note: 'a\u0000b' },
    })
    expect(response.statusCode).toBe(400)
    expect(errorResponseSchema.parse(response.json()).error).toMatchObject({ parameter: 'note' })
  })
})
