import { randomUUID } from 'node:crypto'
import { testRedisUrl } from '@portico/database'
import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import { type CreateRelayServerOptions, createRelayServer } from './index.js'
import { MemoryQuotaStore } from './memory-quota-store.js'
import type { QuotaStore } from './quota-store.js'
import { RedisQuotaStore } from './redis-quota-store.js'
import { generateClientKeyPair, RawRelayClient, randomTopic, relayJwt } from './relay-test-clients.js'

// The Redis half needs PORTICO_TEST_REDIS_URL (unset, npm test says it did not run); memory always runs.
const redisKeyPrefix = `relay-quota-test-${randomUUID()}:`
const cleanups: Array<() => Promise<unknown> | undefined> = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  if (!testRedisUrl) return
  const redis = new Redis(testRedisUrl)
  const keys = await redis.keys(`${redisKeyPrefix}*`)
  if (keys.length > 0) await redis.del(...keys)
  await redis.quit()
})

const LEASE_MS = 60_000
const limits = { maxSocketsPerClient: 2, maxSocketsPerIp: 3 }
const budget = { capacity: 10, ratePerSecond: 2 }

async function redisStore(prefix = `${redisKeyPrefix}store-${randomUUID()}:`) {
  const redis = new Redis(testRedisUrl ?? '')
  cleanups.push(() => redis.quit())
  return new RedisQuotaStore(redis, prefix, LEASE_MS)
}

/** The same rules, whichever store keeps the counters. */
function storeContract(name: string, open: () => Promise<QuotaStore>) {
  describe(`${name} quota store`, () => {
    it('takes publishes from a bucket of `capacity`, refilled at `ratePerSecond`, all or none', async () => {
      const store = await open()
      expect(await store.takePublishes('a', 8, budget, 0)).toBe(true)
      expect(await store.takePublishes('a', 3, budget, 0)).toBe(false)
      expect(await store.takePublishes('a', 2, budget, 0)).toBe(true)
      expect(await store.takePublishes('a', 1, budget, 0)).toBe(false)
      // Another client has its own bucket.
      expect(await store.takePublishes('b', 10, budget, 0)).toBe(true)
      // 1.5 s later: 3 more for a, never beyond capacity.
      expect(await store.takePublishes('a', 4, budget, 1_500)).toBe(false)
      expect(await store.takePublishes('a', 3, budget, 1_500)).toBe(true)
      expect(await store.takePublishes('a', 11, budget, 60_000)).toBe(false)
      expect(await store.takePublishes('a', 10, budget, 60_000)).toBe(true)
    })

    it('counts sockets per client and per address, and frees a place on release', async () => {
      const store = await open()
      expect(await store.admitSocket('s1', 'alice', '10.0.0.1', limits, 0)).toBeUndefined()
      expect(await store.admitSocket('s2', 'alice', '10.0.0.2', limits, 0)).toBeUndefined()
      expect(await store.admitSocket('s3', 'alice', '10.0.0.3', limits, 0)).toBe('client')
      expect(await store.admitSocket('s4', 'bob', '10.0.0.1', limits, 0)).toBeUndefined()
      expect(await store.admitSocket('s5', 'carol', '10.0.0.1', limits, 0)).toBeUndefined()
      expect(await store.admitSocket('s6', 'dave', '10.0.0.1', limits, 0)).toBe('ip')
      expect(await store.socketCounts('10.0.0.1', 'alice', 0)).toEqual({ ip: 3, client: 2 })
      await store.releaseSocket('s1', 'alice', '10.0.0.1')
      expect(await store.socketCounts('10.0.0.1', 'alice', 0)).toEqual({ ip: 2, client: 1 })
      expect(await store.admitSocket('s7', 'alice', '10.0.0.1', limits, 0)).toBeUndefined()
    })
  })
}

storeContract('memory', async () => new MemoryQuotaStore())

describe.skipIf(!testRedisUrl)('Redis quota store', () => {
  storeContract('Redis', () => redisStore())

  it("stops counting a relay's sockets once it no longer renews their lease (a relay that died)", async () => {
    const prefix = `${redisKeyPrefix}lease-${randomUUID()}:`
    const [alive, dead] = [await redisStore(prefix), await redisStore(prefix)]
    expect(await alive.admitSocket('alive-1', 'alice', '10.0.0.1', limits, 0)).toBeUndefined()
    expect(await dead.admitSocket('dead-1', 'alice', '10.0.0.1', limits, 0)).toBeUndefined()
    expect(await alive.admitSocket('alive-2', 'alice', '10.0.0.1', limits, 1_000)).toBe('client')
    // Only the live relay renews; past the first lease the dead relay's socket no longer counts.
    await alive.maintain(LEASE_MS - 1_000)
    expect(await alive.socketCounts('10.0.0.1', 'alice', LEASE_MS + 1)).toEqual({ ip: 1, client: 1 })
    expect(await alive.admitSocket('alive-2', 'alice', '10.0.0.1', limits, LEASE_MS + 1)).toBeUndefined()
  })
})

describe.skipIf(!testRedisUrl)('two relays sharing Redis enforce one quota per client', () => {
  function fakeClock() {
    let now = Date.now()
    return {
      now: () => now,
      advance(ms: number) {
        now += ms
      },
    }
  }

  async function relayPair(options: CreateRelayServerOptions) {
    const shared = { redisUrl: testRedisUrl ?? '', redisKeyPrefix: `${redisKeyPrefix}pair-${randomUUID()}:` }
    const [a, b] = [
      await createRelayServer({ ...shared, ...options }),
      await createRelayServer({ ...shared, ...options }),
    ]
    cleanups.push(
      () => a.close(),
      () => b.close(),
    )
    return [a, b] as const
  }

  async function connect(url: string, token: string) {
    const client = await RawRelayClient.connect(url, { token })
    cleanups.push(() => client.close())
    return client
  }

  it('shares the publish rate: what a client spent on one relay is gone on the other', async () => {
    const clock = fakeClock()
    const [a, b] = await relayPair({ clock: clock.now, limits: { publishBurst: 10, publishesPerSecond: 2 } })
    const keyPair = generateClientKeyPair()
    const onA = await connect(a.url, await relayJwt(a.url, { keyPair }))
    const onB = await connect(b.url, await relayJwt(b.url, { keyPair }))
    const topic = randomTopic()
    const publish = (client: RawRelayClient, i: number) =>
      client.request('irn_publish', { topic, message: Buffer.from(`m${i}`).toString('base64'), ttl: 300 })
    for (let i = 0; i < 6; i++) expect((await publish(onA, i)).result).toBe(true)
    const onTheOther = [] as unknown[]
    for (let i = 6; i < 12; i++) {
      const answer = await publish(onB, i)
      onTheOther.push(answer.result ?? answer.error)
    }
    expect(onTheOther.slice(0, 4)).toEqual([true, true, true, true])
    expect(onTheOther.slice(4)).toMatchObject([{ code: 3001, data: 'TooManyRequests' }, { code: 3001 }])
    // A second later both relays see the same 2 new publishes.
    clock.advance(1_000)
    expect((await publish(onA, 20)).result).toBe(true)
    expect((await publish(onB, 21)).result).toBe(true)
    expect((await publish(onA, 22)).error).toMatchObject({ code: 3001 })
  })

  it("shares the socket count: a client's sockets on either relay count against one limit", async () => {
    const [a, b] = await relayPair({ limits: { maxSocketsPerClient: 2 } })
    const keyPair = generateClientKeyPair()
    const tokenA = await relayJwt(a.url, { keyPair })
    const tokenB = await relayJwt(b.url, { keyPair })
    await connect(a.url, tokenA)
    const second = await connect(b.url, tokenB)
    // The third socket of the client, on either relay, is refused (HTTP 429 without close events).
    await expect(RawRelayClient.connect(a.url, { token: tokenA })).rejects.toThrow(/429/)
    await expect(RawRelayClient.connect(b.url, { token: tokenB })).rejects.toThrow(/429/)
    // Closing one on B frees a place for A.
    await second.close()
    await expect
      .poll(async () => {
        const client = await RawRelayClient.connect(a.url, { token: tokenA }).catch(() => undefined)
        if (client) cleanups.push(() => client.close())
        return client !== undefined
      })
      .toBe(true)
  })
})
