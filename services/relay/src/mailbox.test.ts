import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRelayServer, type RelayServer } from './index.js'
import { RawRelayClient, randomTopic, relayJwt } from './relay-test-clients.js'

const dataDir = mkdtempSync(join(tmpdir(), 'portico-relay-'))
// One relay for the tests that need no restart (each uses fresh topics and clients), on a clock they move.
let now = Date.now()
let relay: RelayServer
beforeAll(async () => {
  relay = await createRelayServer({ minTtlSeconds: 1, clock: () => now })
})
afterAll(async () => {
  await relay.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('mailbox', () => {
  it('delivers a message published before anyone subscribed, and acked messages only once', async () => {
    const topic = randomTopic()
    const publisher = await RawRelayClient.connect(relay.url)
    expect(
      (await publisher.request('irn_publish', { topic, message: 'bWFpbGJveA==', ttl: 300, tag: 1108 }))
        .result,
    ).toBe(true)

    const subscriber = await RawRelayClient.connect(relay.url)
    await subscriber.request('irn_subscribe', { topic })
    const [push] = subscriber.pushes(topic)
    expect(push?.params?.data).toMatchObject({ topic, message: 'bWFpbGJveA==', tag: 1108 })
    expect(push?.params?.data?.publishedAt).toBeTypeOf('number')
    // The publisher never gets its own message back.
    await publisher.request('irn_subscribe', { topic })
    expect(publisher.pushes(topic)).toEqual([])

    // The ack went out before this request on the same socket, and the relay handles a socket's frames in order.
    await subscriber.request('irn_subscribe', { topic })
    const again = await RawRelayClient.connect(relay.url, { token: undefined })
    await again.request('irn_subscribe', { topic })
    expect(subscriber.pushes(topic)).toHaveLength(1)
    expect(again.pushes(topic)).toHaveLength(1)
    await Promise.all([publisher.close(), subscriber.close(), again.close()])
  })

  it('re-delivers an unacknowledged message on the next subscribe of the same client', async () => {
    const topic = randomTopic()
    const token = await relayJwt(relay.url)
    const publisher = await RawRelayClient.connect(relay.url)
    await publisher.request('irn_publish', { topic, message: 'dW5hY2tlZA==', ttl: 300 })
    const first = await RawRelayClient.connect(relay.url, { token, autoAck: false })
    await first.request('irn_subscribe', { topic })
    expect(first.pushes(topic)).toHaveLength(1)
    await first.close()
    const second = await RawRelayClient.connect(relay.url, { token })
    await second.request('irn_subscribe', { topic })
    expect(second.pushes(topic)).toHaveLength(1)
    await Promise.all([publisher.close(), second.close()])
  })

  it('delivers a duplicate publish (same topic and message) once', async () => {
    const topic = randomTopic()
    const subscriber = await RawRelayClient.connect(relay.url)
    await subscriber.request('irn_subscribe', { topic })
    const publisher = await RawRelayClient.connect(relay.url)
    const params = { topic, message: 'ZHVwbGljYXRl', ttl: 300, tag: 1108 }
    for (let i = 0; i < 3; i++) expect((await publisher.request('irn_publish', params)).result).toBe(true)
    expect((await publisher.request('irn_batchPublish', { messages: [params, params] })).result).toBe(true)
    await publisher.request('irn_publish', { ...params, message: 'b3RoZXI=' })
    await subscriber.waitFor((frame) => frame.params?.data?.message === 'b3RoZXI=')
    expect(subscriber.pushes(topic).map((push) => push.params?.data?.message)).toEqual([
      'ZHVwbGljYXRl',
      'b3RoZXI=',
    ])
    await Promise.all([publisher.close(), subscriber.close()])
  })

  it('drops a message once its TTL has passed', async () => {
    const topic = randomTopic()
    const publisher = await RawRelayClient.connect(relay.url)
    await publisher.request('irn_publish', { topic, message: 'c2hvcnQ=', ttl: 1 })
    await publisher.request('irn_publish', { topic, message: 'bG9uZw==', ttl: 300 })
    now += 1_200
    const subscriber = await RawRelayClient.connect(relay.url)
    await subscriber.request('irn_subscribe', { topic })
    // The backlog arrives in publish order: once the later message is in, the expired one would have been too.
    await subscriber.waitFor((frame) => frame.params?.data?.message === 'bG9uZw==')
    expect(subscriber.pushes(topic).map((push) => push.params?.data?.message)).toEqual(['bG9uZw=='])
    const fetched = await subscriber.request('irn_fetchMessages', { topic })
    expect(fetched.result).toEqual({ messages: [], hasMore: false })
    await Promise.all([publisher.close(), subscriber.close()])
  })

  it('subscribes the caller of wc_proposeSession / wc_approveSession and publishes with tags 1100-1102', async () => {
    const pairingTopic = randomTopic()
    const sessionTopic = randomTopic()
    const dapp = await RawRelayClient.connect(relay.url)
    const wallet = await RawRelayClient.connect(relay.url)
    const proposed = await dapp.request('wc_proposeSession', {
      pairingTopic,
      sessionProposal: 'cHJvcG9zYWw=',
      ttl: 300,
      correlationId: 1,
    })
    expect(proposed.result).toBe(true)
    await wallet.request('irn_subscribe', { topic: pairingTopic })
    expect(wallet.pushes(pairingTopic).map((push) => push.params?.data?.tag)).toEqual([1100])
    await wallet.request('wc_approveSession', {
      sessionTopic,
      pairingTopic,
      sessionProposalResponse: 'cmVzcG9uc2U=',
      sessionSettlementRequest: 'c2V0dGxl',
      ttl: 300,
      correlationId: 1,
      approvedChains: ['eip155:1'],
    })
    await dapp.waitFor((frame) => frame.params?.data?.tag === 1101)
    await dapp.request('irn_subscribe', { topic: sessionTopic })
    expect(dapp.pushes(sessionTopic).map((push) => push.params?.data?.tag)).toEqual([1102])
    // The wallet was subscribed to the session topic implicitly: it gets the dApp's settle ack.
    await dapp.request('irn_publish', { topic: sessionTopic, message: 'YWNr', ttl: 300, tag: 1103 })
    await wallet.waitFor((frame) => frame.params?.data?.tag === 1103)
    await Promise.all([dapp.close(), wallet.close()])
  })

  it('pages irn_fetchMessages / irn_batchFetchMessages and counts fetched messages as delivered', async () => {
    const [a, b] = [randomTopic(), randomTopic()]
    const publisher = await RawRelayClient.connect(relay.url)
    await publisher.request('irn_batchPublish', {
      messages: [
        { topic: a, message: 'YQ==', ttl: 300 },
        { topic: b, message: 'Yg==', ttl: 300 },
      ],
    })
    const reader = await RawRelayClient.connect(relay.url)
    const first = await reader.request('irn_batchFetchMessages', { topics: [a, b] })
    expect(first.result).toMatchObject({
      messages: [
        { topic: a, message: 'YQ==' },
        { topic: b, message: 'Yg==' },
      ],
      hasMore: false,
    })
    expect((await reader.request('irn_fetchMessages', { topic: a })).result).toEqual({
      messages: [],
      hasMore: false,
    })
    await Promise.all([publisher.close(), reader.close()])
  })

  it('keeps stored messages across a restart with the same dataDir', async () => {
    const first = await createRelayServer({ dataDir })
    const topic = randomTopic()
    const publisher = await RawRelayClient.connect(first.url)
    const messages = Array.from({ length: 50 }, (_, i) => Buffer.from(`message ${i}`).toString('base64'))
    await Promise.all(
      messages.map((message) => publisher.request('irn_publish', { topic, message, ttl: 300 })),
    )
    await publisher.close()
    await first.close()

    const second = await createRelayServer({ dataDir, port: first.port })
    const subscriber = await RawRelayClient.connect(second.url)
    await subscriber.request('irn_subscribe', { topic })
    expect(
      subscriber
        .pushes(topic)
        .map((push) => push.params?.data?.message)
        .sort(),
    ).toEqual([...messages].sort())
    await subscriber.close()
    await second.close()
  })
})
