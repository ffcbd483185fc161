import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLIENT_HEADERS } from './explorer-test-helpers.js'
import { createExplorerServer, type ExplorerServer } from './index.js'
import { stripWalletAddresses } from './strip-wallet-addresses.js'

let server: ExplorerServer
let disabled: ExplorerServer

beforeAll(async () => {
  ;[server, disabled] = await Promise.all([
    createExplorerServer({ rateLimit: false }),
    createExplorerServer({ rateLimit: false, analyticsEnabled: false }),
  ])
})
afterAll(async () => {
  await Promise.all([server.close(), disabled.close()])
})

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'
const TX_HASH = `0x${'ab'.repeat(32)}`

function event(overrides: Record<string, unknown> = {}) {
  return {
    eventId: randomUUID(),
    url: 'https://dapp.example/swap?x=1',
    domain: 'dapp.example',
    timestamp: Date.now(),
    props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } },
    ...overrides,
  }
}

const post = (target: ExplorerServer, payload: unknown) =>
  target.app.inject({ method: 'POST', url: '/e', headers: CLIENT_HEADERS, payload: payload as object })

const countEvents = async (target: ExplorerServer) =>
  Number(
    (
      await target.db
        .selectFrom('analytics_events')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('analytics', () => {
  it('GET /getAnalyticsConfig reports whether analytics are on', async () => {
    const on = await server.app.inject({ method: 'GET', url: '/getAnalyticsConfig', headers: CLIENT_HEADERS })
    expect(on.statusCode).toBe(200)
    expect(on.json()).toEqual({ isAnalyticsEnabled: true })
    const off = await disabled.app.inject({
      method: 'GET',
      url: '/getAnalyticsConfig',
      headers: CLIENT_HEADERS,
    })
    expect(off.json()).toEqual({ isAnalyticsEnabled: false })
  })

  it('stores a valid event with the project headers, and a retry of the same eventId once', async () => {
    const body = event({
      props: { event: 'SELECT_WALLET', properties: { name: 'MetaMask', platform: 'browser' } },
    })
    const response = await post(server, body)
    expect(response.statusCode).toBe(204)
    expect((await post(server, body)).statusCode).toBe(204)
    const rows = await server.db
      .selectFrom('analytics_events')
      .selectAll()
      .where('event_id', '=', body.eventId)
      .execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      project_id: 'test-project',
      sdk_type: 'appkit',
      sdk_version: 'html-wagmi-5.1.11',
      url: body.url,
      domain: 'dapp.example',
      event: 'SELECT_WALLET',
      event_type: null,
      properties: { name: 'MetaMask', platform: 'browser' },
    })
    expect(rows[0]?.occurred_at.getTime()).toBe(body.timestamp)
  })

  it('never stores a wallet address or an IP address', async () => {
    const body = event({
      url: `https://dapp.example/account/${ADDRESS}`,
      props: {
        event: 'CONNECT_SUCCESS',
        properties: {
          address: ADDRESS,
          caipAddress: `eip155:1:${ADDRESS.toLowerCase()}`,
          nested: [{ to: ADDRESS }, `sent to ${ADDRESS}.`],
          [ADDRESS]: 'as a key',
          hash: TX_HASH,
        },
      },
    })
    const response = await server.app.inject({
      method: 'POST',
      url: '/e',
      headers: { ...CLIENT_HEADERS, 'x-forwarded-for': '203.0.113.7' },
      payload: body,
      remoteAddress: '198.51.100.23',
    })
    expect(response.statusCode).toBe(204)
    const row = await server.db
      .selectFrom('analytics_events')
      .selectAll()
      .where('event_id', '=', body.eventId)
      .executeTakeFirstOrThrow()
    const stored = JSON.stringify(row)
    expect(stored.toLowerCase()).not.toContain(ADDRESS.slice(2).toLowerCase())
    expect(stored).not.toContain('203.0.113.7')
    expect(stored).not.toContain('198.51.100.23')
    expect(row.url).toBe('https://dapp.example/account/[address]')
    expect(row.properties).toEqual({
      address: '[address]',
      caipAddress: 'eip155:1:[address]',
      nested: [{ to: '[address]' }, 'sent to [address].'],
      '[address]': 'as a key',
      // A 64-hex transaction hash is not an address and is kept.
      hash: TX_HASH,
    })
  })

  it.each([
    ['no body', undefined],
    ['not JSON object', 'hello'],
    ['eventId not a uuid', event({ eventId: 'abc' })],
    ['missing url', event({ url: undefined })],
    ['url not http', event({ url: 'javascript:alert(1)' })],
    ['domain with a path', event({ domain: 'dapp.example/x' })],
    ['timestamp as string', event({ timestamp: String(Date.now()) })],
    ['timestamp fractional', event({ timestamp: 1.5 })],
    ['timestamp in seconds', event({ timestamp: Math.floor(Date.now() / 1000) })],
    ['props missing', event({ props: undefined })],
    ['props.event missing', event({ props: { type: 'track' } })],
    ['props.event empty', event({ props: { event: '' } })],
    ['props.properties not an object', event({ props: { event: 'X', properties: [1, 2] } })],
    ['props.properties too large', event({ props: { event: 'X', properties: { blob: 'x'.repeat(9000) } } })],
  ])('rejects %s with 400 and writes nothing', async (_case, payload) => {
    const before = await countEvents(server)
    const response = await server.app.inject({
      method: 'POST',
      url: '/e',
      headers: { ...CLIENT_HEADERS, 'content-type': 'application/json' },
      payload: payload === undefined ? '' : JSON.stringify(payload),
    })
    expect(response.statusCode).toBe(400)
    // An empty body is Fastify's own 400 (FST_ERR_CTP_EMPTY_JSON_BODY); the rest fail the event's schema.
    expect(response.json()).toMatchObject({
      error: { code: payload === undefined ? 'FST_ERR_CTP_EMPTY_JSON_BODY' : 'INVALID_EVENT' },
    })
    expect(await countEvents(server)).toBe(before)
  })

  it('rejects an invalid event that carries an address, storing nothing', async () => {
    const before = await countEvents(server)
    const response = await post(
      server,
      event({ timestamp: 'now', props: { event: 'X', properties: { a: ADDRESS } } }),
    )
    expect(response.statusCode).toBe(400)
    expect(await countEvents(server)).toBe(before)
  })

  it('validates but keeps nothing when analytics are off', async () => {
    expect((await post(disabled, event())).statusCode).toBe(204)
    expect((await post(disabled, event({ eventId: 'x' }))).statusCode).toBe(400)
    expect(await countEvents(disabled)).toBe(0)
  })
})

describe('stripWalletAddresses', () => {
  it('replaces addresses in strings, arrays and keys but leaves other values alone', () => {
    expect(stripWalletAddresses({ a: [ADDRESS, 1, null, true], b: `x${ADDRESS}` })).toEqual({
      a: ['[address]', 1, null, true],
      b: 'x[address]',
    })
  })
})
