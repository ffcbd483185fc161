import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { testRedisUrl } from '@portico/database'
import { Redis } from 'ioredis'
import { verifyMessage } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { type CreateRelayServerOptions, createRelayServer, type RelayServer } from './index.js'
import { messageId } from './message-record.js'
import { RedisMailbox } from './redis-mailbox.js'
import { generateClientKeyPair, RawRelayClient, randomTopic, relayJwt } from './relay-test-clients.js'
import { runSdkPairingScenario } from './run-sdk-pairing-scenario.js'

// Scaled-out mode against the real Redis (PORTICO_TEST_REDIS_URL; unset, npm test says it did not run).
const REDIS_URL = testRedisUrl ?? ''
const redisKeyPrefix = `relay-test-${randomUUID()}:`
const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url))
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url))

const cleanups: Array<() => Promise<void> | void> = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  // Leave nothing behind in the shared Redis.
  if (!testRedisUrl) return
  const redis = new Redis(REDIS_URL)
  const keys = await redis.keys(`${redisKeyPrefix}*`)
  if (keys.length > 0) await redis.del(...keys)
  await redis.quit()
})

async function freePort() {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** A second relay in its own OS process, started by main.ts from the environment like in production. */
async function startRelayProcess() {
  const port = await freePort()
  const child = spawn(process.execPath, ['--conditions=portico:source', '--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      RELAY_PORT: String(port),
      REDIS_URL,
      RELAY_REDIS_KEY_PREFIX: redisKeyPrefix,
      RELAY_LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  cleanups.push(() => {
    child.kill('SIGTERM')
  })
  let stderr = ''
  child.stderr.on('data', (chunk) => {
    stderr += chunk
  })
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('relay listening')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`relay process exited with ${code}: ${stderr}`)))
  })
  return `ws://127.0.0.1:${port}`
}

async function startRelay(options: CreateRelayServerOptions = {}) {
  const relay: RelayServer = await createRelayServer({ redisUrl: REDIS_URL, redisKeyPrefix, ...options })
  cleanups.push(() => relay.close())
  return relay
}

describe.skipIf(!testRedisUrl)('two relays sharing Redis', () => {
  it('fans a publish out to a subscriber on the other relay and shares the mailbox', async () => {
    const [a, b] = [await startRelay(), await startRelay()]
    const topic = randomTopic()
    const early = randomTopic()
    const onA = await RawRelayClient.connect(a.url)
    const onB = await RawRelayClient.connect(b.url)
    cleanups.push(
      () => onA.close(),
      () => onB.close(),
    )
    // Mailbox: published on A before anyone subscribed, fetched by a subscriber on B.
    await onA.request('irn_publish', { topic: early, message: 'ZWFybHk=', ttl: 300 })
    await onB.request('irn_subscribe', { topic: early })
    expect(onB.pushes(early).map((push) => push.params?.data?.message)).toEqual(['ZWFybHk='])
    // Fan-out: live subscriber on B, publisher on A; a duplicate publish still arrives once.
    await onB.request('irn_subscribe', { topic })
    await onA.request('irn_publish', { topic, message: 'bGl2ZQ==', ttl: 300 })
    await onA.request('irn_publish', { topic, message: 'bGl2ZQ==', ttl: 300 })
    // Pushes from one publisher arrive in order: once a later message is in, a second copy would have been too.
    await onA.request('irn_publish', { topic, message: 'bGF0ZXI=', ttl: 300 })
    await onB.waitFor((frame) => frame.params?.data?.message === 'bGF0ZXI=')
    expect(onB.pushes(topic).map((push) => push.params?.data?.message)).toEqual(['bGl2ZQ==', 'bGF0ZXI='])
  })

  it("counts a client's stored bytes on every relay", async () => {
    const limits = { maxStoredBytesPerClient: 10_000 }
    const [a, b] = [await startRelay({ limits }), await startRelay({ limits })]
    const keyPair = generateClientKeyPair()
    const onA = await RawRelayClient.connect(a.url, { token: await relayJwt(a.url, { keyPair }) })
    const onB = await RawRelayClient.connect(b.url, { token: await relayJwt(b.url, { keyPair }) })
    cleanups.push(
      () => onA.close(),
      () => onB.close(),
    )
    const topic = randomTopic()
    const body = (i: number) => `${i}`.padEnd(4_000, '.')
    for (const i of [1, 2]) {
      expect((await onA.request('irn_publish', { topic, message: body(i), ttl: 300 })).result).toBe(true)
    }
    // The same client on the other relay: its stored bytes come from Redis, so it is already near full.
    expect((await onB.request('irn_publish', { topic, message: body(3), ttl: 300 })).error).toMatchObject({
      code: -32000,
      data: 'MailboxLimitExceeded',
    })
    // Repeating a stored message is still a duplicate, answered true.
    expect((await onB.request('irn_publish', { topic, message: body(1), ttl: 300 })).result).toBe(true)
  })

  it('pairs and signs with the dApp on one relay process and the wallet on another', async () => {
    const a = await startRelay()
    const b = await startRelayProcess()
    const result = await runSdkPairingScenario({ dappRelayUrl: a.url, walletRelayUrl: b })
    expect(result.sessionAccounts).toEqual([`eip155:1:${result.address}`])
    const [signature] = result.signatures as [`0x${string}`]
    expect(
      await verifyMessage({ address: result.address as `0x${string}`, message: result.message, signature }),
    ).toBe(true)
    expect(result.unhandledRejections).toEqual([])
  })

  it('delivers a publish repeated after the relay that stored it died mid-write', async () => {
    const redis = new Redis(REDIS_URL)
    cleanups.push(() => void redis.disconnect())
    // The connection of a relay killed while storing: its first command reached Redis, nothing after.
    let sent = 0
    const dying = new Proxy(redis, {
      get(target, key) {
        const value = Reflect.get(target, key)
        if (typeof value !== 'function') return value
        return (...args: unknown[]) => {
          if (sent++ > 0) throw new Error('the relay process is gone')
          return value.apply(target, args)
        }
      },
    })
    const topic = randomTopic()
    const message = 'cmVwZWF0ZWQ='
    const now = Date.now()
    await new RedisMailbox(dying, redisKeyPrefix)
      .put({
        id: messageId(topic, message),
        topic,
        message,
        tag: 1100,
        publishedAt: now,
        expiresAt: now + 300_000,
        publisher: 'did:key:publisher-whose-relay-died',
      })
      .catch(() => {})
    // The publisher got no answer, so it publishes again on the relay it reconnects to.
    const relay = await startRelay()
    const publisher = await RawRelayClient.connect(relay.url)
    const subscriber = await RawRelayClient.connect(relay.url)
    cleanups.push(
      () => publisher.close(),
      () => subscriber.close(),
    )
    expect((await publisher.request('irn_publish', { topic, message, ttl: 300 })).result).toBe(true)
    await subscriber.request('irn_subscribe', { topic })
    expect(subscriber.pushes(topic).map((push) => push.params?.data?.message)).toEqual([message])
  })

  it('delivers live a publish repeated after the relay that stored it died before fanning it out', async () => {
    const [b, c] = [await startRelay(), await startRelay()]
    const subscriber = await RawRelayClient.connect(b.url)
    const publisher = await RawRelayClient.connect(c.url)
    cleanups.push(
      () => subscriber.close(),
      () => publisher.close(),
    )
    const topic = randomTopic()
    await subscriber.request('irn_subscribe', { topic })
    // What the killed relay got done: the message stored, and neither the channel publish nor the answer.
    const redis = new Redis(REDIS_URL)
    cleanups.push(() => void redis.disconnect())
    const message = 'c3RvcmVkIG9ubHk='
    const now = Date.now()
    const record = { id: messageId(topic, message), topic, message, tag: 1100, publishedAt: now }
    await new RedisMailbox(redis, redisKeyPrefix).put({
      ...record,
      expiresAt: now + 300_000,
      publisher: 'did:key:publisher-whose-relay-died',
    })
    // The subscriber, connected all along, gets it when the publisher repeats it elsewhere; once.
    expect((await publisher.request('irn_publish', { topic, message, ttl: 300 })).result).toBe(true)
    await subscriber.waitFor((frame) => frame.params?.data?.message === message)
    await publisher.request('irn_publish', { topic, message, ttl: 300 })
    await publisher.request('irn_publish', { topic, message: 'bGF0ZXI=', ttl: 300 })
    await subscriber.waitFor((frame) => frame.params?.data?.message === 'bGF0ZXI=')
    expect(subscriber.pushes(topic).map((push) => push.params?.data?.message)).toEqual([message, 'bGF0ZXI='])
  })
})
