import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRelayServer, type RelayServer } from './index.js'
import { RawRelayClient, randomTopic } from './relay-test-clients.js'

let relay: RelayServer
let bystander: RawRelayClient

beforeAll(async () => {
  relay = await createRelayServer({ maxMessageBytes: 16 * 1024 })
  bystander = await RawRelayClient.connect(relay.url)
})
afterAll(async () => {
  await bystander.close()
  await relay.close()
})

/** After each bad frame the relay must still serve a well-behaved client. */
async function expectStillServing() {
  const answer = await bystander.request('irn_subscribe', { topic: randomTopic() })
  expect(answer.result).toMatch(/^[0-9a-f]{64}$/)
}

describe('frames', () => {
  it('echoes string ids and integer ids beyond 2^53 byte for byte', async () => {
    const client = await RawRelayClient.connect(relay.url)
    const topic = randomTopic()
    client.send(
      `{"id":"1795374470094496768","jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"${topic}"}}`,
    )
    client.send(
      `{"jsonrpc":"2.0","id":12345678901234567890,"method":"irn_unsubscribe","params":{"topic":"${topic}"}}`,
    )
    const stringId = await client.waitFor((_, text) => text.startsWith('{"id":"1795374470094496768",'))
    expect(stringId.frame.result).toMatch(/^[0-9a-f]{64}$/)
    const bigId = await client.waitFor((_, text) => text.startsWith('{"id":12345678901234567890,'))
    expect(bigId.text).toBe('{"id":12345678901234567890,"jsonrpc":"2.0","result":true}')
    await client.close()
  })

  it('answers invalid JSON with -32700 and keeps the socket open', async () => {
    const client = await RawRelayClient.connect(relay.url)
    client.send('{"id":1,"jsonrpc":"2.0","method":')
    const { frame } = await client.waitFor((f) => f.error !== undefined)
    expect(frame).toMatchObject({ id: null, error: { code: -32700 } })
    expect((await client.request('irn_subscribe', { topic: randomTopic() })).result).toBeTypeOf('string')
    await client.close()
    await expectStillServing()
  })

  it('answers an unknown method with -32601', async () => {
    const client = await RawRelayClient.connect(relay.url)
    const { error } = await client.request('irn_doesNotExist', {})
    expect(error).toMatchObject({ code: -32601, message: 'Method not found: irn_doesNotExist' })
    await client.close()
    await expectStillServing()
  })

  it('answers bad params with -32602 naming the field', async () => {
    const client = await RawRelayClient.connect(relay.url)
    const badTopic = await client.request('irn_subscribe', { topic: 'not-a-topic' })
    expect(badTopic.error?.code).toBe(-32602)
    expect(badTopic.error?.message).toContain('topic')
    const noTtl = await client.request('irn_publish', { topic: randomTopic(), message: 'abc' })
    expect(noTtl.error?.code).toBe(-32602)
    expect(noTtl.error?.message).toContain('ttl')
    const noParams = await client.request('wc_approveSession', undefined)
    expect(noParams.error?.code).toBe(-32602)
    await client.close()
    await expectStillServing()
  })

  it('answers frames that are not JSON-RPC requests with -32600', async () => {
    const client = await RawRelayClient.connect(relay.url)
    client.send('[1,2,3]')
    client.send('{"id":{"nested":true},"method":"irn_subscribe"}')
    client.send('{"id":7,"jsonrpc":"2.0"}')
    await client.waitFor((f) => f.id === 7)
    const errors = client.frames.map(({ frame }) => frame.error?.code)
    expect(errors).toEqual([-32600, -32600, -32600])
    await client.close()
  })

  it('closes a socket that sends an oversized frame with 1009, and serves everyone else', async () => {
    const client = await RawRelayClient.connect(relay.url)
    const closed = new Promise<number>((resolve) => client.socket.once('close', (code) => resolve(code)))
    client.send(
      JSON.stringify({
        id: 1,
        jsonrpc: '2.0',
        method: 'irn_publish',
        params: { topic: randomTopic(), message: 'x'.repeat(32 * 1024), ttl: 300 },
      }),
    )
    expect(await closed).toBe(1009)
    await expectStillServing()
  })

  it('answers GET /health', async () => {
    const response = await fetch(`${relay.url.replace('ws://', 'http://')}/health`)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ status: 'ok' })
  })
})
