import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { createRelayServer } from './index.js'
import { type Frame, RawRelayClient, randomTopic, relayJwt } from './relay-test-clients.js'

const dataDir = mkdtempSync(join(tmpdir(), 'portico-relay-quotas-'))
const cleanups: Array<() => Promise<unknown> | undefined> = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  rmSync(dataDir, { recursive: true, force: true })
})

function fakeClock() {
  let now = Date.now()
  return {
    now: () => now,
    advance(ms: number) {
      now += ms
    },
  }
}

const base64 = (text: string) => Buffer.from(text).toString('base64')

async function connect(url: string, options: Parameters<typeof RawRelayClient.connect>[1] = {}) {
  const client = await RawRelayClient.connect(url, options)
  cleanups.push(() => client.close())
  return client
}

async function start(options: Parameters<typeof createRelayServer>[0]) {
  const relay = await createRelayServer(options)
  cleanups.push(() => relay.close())
  return relay
}

/** Sends every request at once (a flood) and collects the answers in order. */
async function flood(client: RawRelayClient, method: string, params: unknown[]) {
  const ids = params.map((p) => client.sendRequest(method, p))
  const answers: Frame[] = []
  for (const id of ids) answers.push((await client.waitFor((frame) => frame.id === id, 30_000)).frame)
  return answers
}

/** A well-behaved pair of clients: one publishes, the other must receive it. */
async function expectServed(sender: RawRelayClient, receiver: RawRelayClient, label: string) {
  const topic = randomTopic()
  expect((await receiver.request('irn_subscribe', { topic })).result).toMatch(/^[0-9a-f]{64}$/)
  const message = base64(label)
  expect((await sender.request('irn_publish', { topic, message, ttl: 300 })).result).toBe(true)
  await receiver.waitFor((frame) => frame.params?.data?.message === message)
}

/** How the relay answers a socket opened the SDK's way (close event) or a plain one (HTTP status). */
function openOutcome(url: string, token: string, options: { closeEvents: boolean; localAddress?: string }) {
  const query = options.closeEvents ? '&useOnCloseEvent=true' : ''
  return new Promise<{ opened: boolean; status?: number; close?: { code: number; reason: string } }>(
    (resolve) => {
      const socket = new WebSocket(`${url}/?auth=${token}${query}`, {
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
      })
      socket.on('error', () => {})
      socket.once('unexpected-response', (_request, response) => {
        resolve({ opened: false, status: response.statusCode ?? 0 })
        socket.terminate()
      })
      socket.once('open', () => {
        // A refused client is closed at once and never answered; an admitted one answers this frame
        // (an error: it has no id) and stays open until we close it.
        socket.send('{}')
        socket.once('message', () => {
          resolve({ opened: true })
          cleanups.push(async () => socket.close())
        })
        socket.once('close', (code, reason) => {
          resolve({ opened: false, close: { code, reason: reason.toString() } })
        })
      })
    },
  )
}

describe('per-client quotas', () => {
  it('refuses a publish flood past the rate limit with 3001 TooManyRequests while others are served', async () => {
    const clock = fakeClock()
    const relay = await start({ clock: clock.now })
    const [flooder, sender, receiver] = [
      await connect(relay.url),
      await connect(relay.url),
      await connect(relay.url),
    ]
    const floodTopic = randomTopic()

    const flooding = flood(
      flooder,
      'irn_publish',
      Array.from({ length: 300 }, (_, i) => ({ topic: floodTopic, message: base64(`flood ${i}`), ttl: 300 })),
    )
    // During the flood another client publishes, and its subscriber receives.
    for (let i = 0; i < 3; i++) await expectServed(sender, receiver, `served during the flood ${i}`)
    const answers = await flooding

    // The clock stands still, so exactly the burst (100) gets through.
    expect(answers.filter((answer) => answer.result === true)).toHaveLength(100)
    const refused = answers.filter((answer) => answer.error)
    expect(refused).toHaveLength(200)
    expect(refused[0]?.error).toEqual({
      code: 3001,
      message: 'Too many requests: at most 20 publishes per second (bursts of 100)',
      data: 'TooManyRequests',
    })
    // A refused publish stored nothing: a subscriber gets the 100 accepted ones only.
    const reader = await connect(relay.url)
    await reader.request('irn_subscribe', { topic: floodTopic })
    expect(reader.pushes(floodTopic)).toHaveLength(100)

    // One second later the bucket holds 20 more; a batch larger than what is left is refused whole.
    clock.advance(1_000)
    const batch = (count: number, from: number) => ({
      messages: Array.from({ length: count }, (_, i) => ({
        topic: floodTopic,
        message: base64(`batch ${from + i}`),
        ttl: 300,
      })),
    })
    expect((await flooder.request('irn_batchPublish', batch(21, 0))).error?.code).toBe(3001)
    expect((await flooder.request('irn_batchPublish', batch(20, 100))).result).toBe(true)
    expect((await flooder.request('irn_publish', batch(1, 200).messages[0])).error?.data).toBe(
      'TooManyRequests',
    )
    await expectServed(sender, receiver, 'served after the flood')
  })

  it('refuses publishes past the stored-bytes quota with MailboxLimitExceeded, also after a restart, until they expire', async () => {
    const clock = fakeClock()
    const limits = { publishesPerSecond: 10_000, publishBurst: 10_000, maxStoredBytesPerClient: 64 * 1024 }
    const first = await start({ clock: clock.now, dataDir, limits })
    const token = await relayJwt(first.url)
    const flooder = await connect(first.url, { token })
    const [sender, receiver] = [await connect(first.url), await connect(first.url)]
    const topic = randomTopic()
    const body = (i: number) => base64(`${i}`.padEnd(3_000, '.')) // 4,000 bytes once in base64

    // Repeats of a stored message (the SDK re-publishes on retry) take no room and are answered true.
    for (let i = 0; i < 4; i++) {
      expect((await flooder.request('irn_publish', { topic, message: body(0), ttl: 300 })).result).toBe(true)
    }
    const answers = await flood(
      flooder,
      'irn_publish',
      Array.from({ length: 40 }, (_, i) => ({ topic, message: body(i + 1), ttl: 300 })),
    )
    // 16 × 4,000 bytes fit in 64 KiB (the first one is body(0)), the 17th does not.
    expect(answers.filter((answer) => answer.result === true)).toHaveLength(15)
    expect(answers[15]?.error).toEqual({
      code: -32000,
      message: `Mailbox limit exceeded: this client already stores 64000 bytes of undelivered messages (limit ${64 * 1024})`,
      data: 'MailboxLimitExceeded',
    })
    // At the quota, repeating a stored message (an SDK retry) is still answered like any duplicate.
    expect((await flooder.request('irn_publish', { topic, message: body(1), ttl: 300 })).result).toBe(true)
    await expectServed(sender, receiver, 'served while the flooder is full')
    await first.close()

    // The quota is counted from the database, not from memory: a restart does not reset it.
    const second = await start({ clock: clock.now, dataDir, limits, port: first.port })
    const again = await connect(second.url, { token })
    expect((await again.request('irn_publish', { topic, message: body(100), ttl: 300 })).error?.data).toBe(
      'MailboxLimitExceeded',
    )
    // Once the stored messages expire, the room is free again.
    clock.advance(301_000)
    expect((await again.request('irn_publish', { topic, message: body(101), ttl: 300 })).result).toBe(true)
  })

  it('caps stored bytes per address across fresh client ids, and for the whole relay, with a clear error', async () => {
    const limits = {
      publishesPerSecond: 10_000,
      publishBurst: 10_000,
      maxStoredBytesPerClient: 64 * 1024,
      maxStoredBytesPerIp: 100_000,
      maxStoredBytesTotal: 180_000,
    }
    const relay = await start({ limits })
    const body = (i: number) => base64(`${i}`.padEnd(3_000, '.')) // 4,000 bytes once in base64
    const topic = randomTopic()
    let serial = 0
    /** Publishes `count` messages from each of `clients` fresh client ids on one address. */
    async function fill(address: string, clients: number, count: number) {
      const answers: Frame[] = []
      for (let c = 0; c < clients; c++) {
        const client = await connect(relay.url, { localAddress: address })
        for (let i = 0; i < count; i++)
          answers.push(await client.request('irn_publish', { topic, message: body(serial++), ttl: 300 }))
      }
      return answers
    }
    // Four client ids on one address, ten messages each: 100,000 bytes fit, the 26th message does not.
    const fromOne = await fill('127.0.0.1', 4, 10)
    expect(fromOne.filter((answer) => answer.result === true)).toHaveLength(25)
    expect(fromOne[25]?.error).toEqual({
      code: -32000,
      message:
        'Mailbox limit exceeded: clients from this address already store 100000 bytes of undelivered messages (limit 100000)',
      data: 'MailboxLimitExceeded',
    })
    // Another address has its own share, up to what the relay stores in total (180,000 bytes).
    const fromTwo = await fill('127.0.0.2', 3, 10)
    expect(fromTwo.filter((answer) => answer.result === true)).toHaveLength(20)
    expect(fromTwo[20]?.error?.message).toBe(
      'Mailbox limit exceeded: the relay stores as many undelivered messages as it may (180000 bytes); try again later',
    )
  })

  it('caps sockets per client id and per IP; other clients and other addresses are still served', async () => {
    const relay = await start({ limits: { maxSocketsPerClient: 3, maxSocketsPerIp: 8 } })
    const token = await relayJwt(relay.url)
    for (let i = 0; i < 3; i++) await connect(relay.url, { token })
    // The same client's fourth socket: closed with 3000 and the reason (the SDK's way), or HTTP 429.
    expect(await openOutcome(relay.url, token, { closeEvents: true })).toEqual({
      opened: false,
      close: { code: 3000, reason: 'Too many connections for this client (limit 3)' },
    })
    expect(await openOutcome(relay.url, token, { closeEvents: false })).toEqual({
      opened: false,
      status: 429,
    })
    const [sender, receiver] = [await connect(relay.url), await connect(relay.url)]
    await expectServed(sender, receiver, 'another client on the same address')

    // 5 sockets from 127.0.0.1 so far; fresh did:keys fill the address up to 8, then it is refused.
    for (let i = 0; i < 3; i++) await connect(relay.url)
    const fresh = await relayJwt(relay.url)
    expect(await openOutcome(relay.url, fresh, { closeEvents: true })).toEqual({ opened: false, status: 429 })
    // Another address is served.
    const elsewhere = { localAddress: '127.0.0.2' }
    const [otherSender, otherReceiver] = [
      await connect(relay.url, elsewhere),
      await connect(relay.url, elsewhere),
    ]
    await expectServed(otherSender, otherReceiver, 'another address')
    // A closed socket frees its slot.
    await sender.close()
    expect(await openOutcome(relay.url, fresh, { closeEvents: true })).toEqual({ opened: true })
  })

  it('caps the topics of one socket with SubscriberLimitExceeded, refusing a batch whole', async () => {
    const relay = await start({ limits: { maxTopicsPerSocket: 5 } })
    const client = await connect(relay.url)
    const topics = Array.from({ length: 7 }, randomTopic)
    expect((await client.request('irn_batchSubscribe', { topics: topics.slice(0, 4) })).result).toHaveLength(
      4,
    )
    const tooMany = await client.request('irn_batchSubscribe', { topics: topics.slice(4, 6) })
    expect(tooMany.error).toEqual({
      code: -32000,
      message: 'Subscriber limit exceeded: at most 5 topics per connection',
      data: 'SubscriberLimitExceeded',
    })
    expect((await client.request('irn_subscribe', { topic: topics[4] })).result).toBeTypeOf('string')
    expect((await client.request('irn_subscribe', { topic: topics[5] })).error?.data).toBe(
      'SubscriberLimitExceeded',
    )
    // Subscribing again to a topic it has is no new topic; unsubscribing frees a place.
    expect((await client.request('irn_subscribe', { topic: topics[0] })).result).toBeTypeOf('string')
    await client.request('irn_unsubscribe', { topic: topics[0] })
    expect((await client.request('irn_subscribe', { topic: topics[6] })).result).toBeTypeOf('string')
    const proposal = { pairingTopic: randomTopic(), sessionProposal: base64('proposal'), ttl: 300 }
    expect((await client.request('wc_proposeSession', proposal)).error?.data).toBe('SubscriberLimitExceeded')
  })

  it('lowers a TTL above the ceiling (7 days by default) to it', async () => {
    const clock = fakeClock()
    const relay = await start({ clock: clock.now })
    const publisher = await connect(relay.url)
    const topic = randomTopic()
    const thirtyDays = 30 * 24 * 60 * 60
    expect(
      (await publisher.request('irn_publish', { topic, message: base64('long'), ttl: thirtyDays })).result,
    ).toBe(true)
    clock.advance(7 * 24 * 60 * 60 * 1000 - 60_000)
    const early = await connect(relay.url)
    expect((await early.request('irn_fetchMessages', { topic })).result).toMatchObject({
      messages: [{ message: base64('long') }],
    })
    clock.advance(61_000)
    const late = await connect(relay.url)
    await late.request('irn_subscribe', { topic })
    expect(late.pushes(topic)).toEqual([])
    expect((await late.request('irn_fetchMessages', { topic })).result).toEqual({
      messages: [],
      hasMore: false,
    })
  })
})
