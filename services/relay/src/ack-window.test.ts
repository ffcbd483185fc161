import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { AckWindow } from './ack-window.js'
import { createRelayServer, type RelayServer } from './index.js'
import type { PutResult } from './mailbox.js'
import { messageId } from './message-record.js'
import { RawRelayClient, randomTopic, relayJwt } from './relay-test-clients.js'
import { testMessageRecord } from './test-message-record.js'

const dataDirs: string[] = []
const relays: RelayServer[] = []
afterAll(async () => {
  await Promise.all(relays.map((relay) => relay.close()))
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
})

/** A window whose stores are recorded instead of written. */
function recordingWindow(windowMs: number) {
  const stores: Array<{ message: string; ackedBy: readonly string[] }> = []
  const window = new AckWindow(async (stored, ackedBy): Promise<PutResult> => {
    stores.push({ message: stored.message, ackedBy })
    return { created: true, stored: Promise.resolve() }
  }, windowMs)
  return { window, stores }
}

describe('ack window', () => {
  it('stores nothing for a message every recipient acks, and the rest with the acks they got', async () => {
    const { window, stores } = recordingWindow(30)
    const topic = randomTopic()
    const delivered = window.wait(testMessageRecord(topic, 'all'), new Set(['did:key:a', 'did:key:b']))
    const partial = window.wait(testMessageRecord(topic, 'some'), new Set(['did:key:a', 'did:key:b']))
    expect(window.acknowledge('did:key:a', messageId(topic, 'all'))).toBe(true)
    expect(window.acknowledge('did:key:b', messageId(topic, 'all'))).toBe(true)
    expect(window.acknowledge('did:key:a', messageId(topic, 'some'))).toBe(true)
    // Not a recipient, or not waiting: the caller stores that ack itself.
    expect(window.acknowledge('did:key:c', messageId(topic, 'some'))).toBe(false)
    expect(window.acknowledge('did:key:a', messageId(topic, 'unknown'))).toBe(false)
    expect(await delivered).toBeUndefined()
    expect(await partial).toMatchObject({ created: true })
    expect(stores).toEqual([{ message: 'some', ackedBy: ['did:key:a'] }])
    expect(window.size).toBe(0)
  })

  it('stores the messages of a topic someone subscribes to, and everything when closing', async () => {
    const { window, stores } = recordingWindow(60_000)
    const [one, two] = [randomTopic(), randomTopic()]
    const waits = [
      window.wait(testMessageRecord(one, 'first'), new Set(['did:key:a'])),
      window.wait(testMessageRecord(two, 'second'), new Set(['did:key:a'])),
    ]
    window.storeTopic(one)
    // Queued synchronously: a backlog read right after storeTopic finds it.
    expect(stores.map((stored) => stored.message)).toEqual(['first'])
    window.storeAll()
    expect(stores.map((stored) => stored.message)).toEqual(['first', 'second'])
    expect(await Promise.all(waits)).toMatchObject([{ created: true }, { created: true }])
  })
})

describe('write-behind in a relay', () => {
  async function start(ackWindowMs: number, dataDir?: string) {
    const relay = await createRelayServer({ ackWindowMs, ...(dataDir ? { dataDir } : {}) })
    relays.push(relay)
    return relay
  }

  it('answers a publish once the live subscriber acks it, without waiting for the window', async () => {
    // A window far longer than the test's timeout: only the ack can have answered the publish.
    const relay = await start(600_000)
    const topic = randomTopic()
    const subscriber = await RawRelayClient.connect(relay.url)
    await subscriber.request('irn_subscribe', { topic })
    const publisher = await RawRelayClient.connect(relay.url)
    const answer = await publisher.request('irn_publish', { topic, message: 'YWNrZWQ=', ttl: 300 })
    expect(answer.result).toBe(true)
    expect(subscriber.pushes(topic).map((push) => push.params?.data?.message)).toEqual(['YWNrZWQ='])
    await Promise.all([subscriber.close(), publisher.close()])
  }, 120_000)

  it('stores an unacknowledged message for a late subscriber and for the silent client', async () => {
    const relay = await start(600_000)
    const topic = randomTopic()
    const silentToken = await relayJwt(relay.url)
    const silent = await RawRelayClient.connect(relay.url, { token: silentToken, autoAck: false })
    await silent.request('irn_subscribe', { topic })
    const publisher = await RawRelayClient.connect(relay.url)
    const id = publisher.sendRequest('irn_publish', { topic, message: 'c2lsZW50', ttl: 300 })
    await silent.waitFor((frame) => frame.method === 'irn_subscription')
    // Another client subscribing stores the waiting message; the publish is answered then.
    const late = await RawRelayClient.connect(relay.url)
    await late.request('irn_subscribe', { topic })
    expect((await publisher.waitFor((frame) => frame.id === id)).frame.result).toBe(true)
    expect(late.pushes(topic)).toHaveLength(1)
    await silent.close()
    const again = await RawRelayClient.connect(relay.url, { token: silentToken })
    await again.request('irn_subscribe', { topic })
    expect(again.pushes(topic).map((push) => push.params?.data?.message)).toEqual(['c2lsZW50'])
    await Promise.all([publisher.close(), late.close(), again.close()])
  }, 120_000)

  it('answers after the window and keeps the message when the ack does not come in time', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portico-relay-window-'))
    dataDirs.push(dataDir)
    const first = await start(20, dataDir)
    const topic = randomTopic()
    const token = await relayJwt(first.url)
    const silent = await RawRelayClient.connect(first.url, { token, autoAck: false })
    await silent.request('irn_subscribe', { topic })
    const publisher = await RawRelayClient.connect(first.url)
    expect((await publisher.request('irn_publish', { topic, message: 'bGF0ZQ==', ttl: 300 })).result).toBe(
      true,
    )
    await Promise.all([silent.close(), publisher.close()])
    await first.close()
    // Answered means stored: it survives a restart.
    const second = await start(20, dataDir)
    const again = await RawRelayClient.connect(second.url, { token: await relayJwt(second.url) })
    await again.request('irn_subscribe', { topic })
    expect(again.pushes(topic).map((push) => push.params?.data?.message)).toEqual(['bGF0ZQ=='])
    await again.close()
  }, 120_000)
})
