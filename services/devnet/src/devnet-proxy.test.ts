import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES } from './devnet-proxy.js'
import { type Devnet, startDevnet } from './start-devnet.js'

// The front is exercised through a real (in-memory) devnet: real anvil behind real HTTP.
describe('devnet HTTP front', () => {
  let devnet: Devnet
  beforeAll(async () => {
    devnet = await startDevnet({ port: 0, chainIds: [10, 137] })
  })
  afterAll(() => devnet?.stop())

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${devnet.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    })

  it('lists the chains on GET /, as the manifest does', async () => {
    const response = await fetch(`${devnet.url}/`)
    expect(response.status).toBe(200)
    const listing = (await response.json()) as { chains: unknown[]; tokens: { symbol: string }[] }
    expect(listing.chains).toMatchObject([
      { chainId: 10, rpcUrl: `${devnet.url}/10` },
      { chainId: 137, rpcUrl: `${devnet.url}/137` },
    ])
    expect(listing.chains).toEqual(devnet.manifest.chains)
    expect(listing.tokens.map((t) => t.symbol)).toEqual(['USDC', 'WBTC', 'DAI', 'UNI'])
  })

  it('routes single and batch JSON-RPC to the chain in the path', async () => {
    const single = await post(
      '/137',
      JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'eth_chainId', params: [] }),
    )
    expect(single.status).toBe(200)
    expect(await single.json()).toEqual({ jsonrpc: '2.0', id: 7, result: '0x89' })

    const batch = await post(
      '/10/',
      JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
        { jsonrpc: '2.0', id: 2, method: 'net_version', params: [] },
      ]),
    )
    expect(await batch.json()).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0xa' },
      { jsonrpc: '2.0', id: 2, result: '10' },
    ])
  })

  it('answers 404 JSON for an unknown chain id or path', async () => {
    for (const path of ['/999', '/abc']) {
      const response = await post(path, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }))
      expect(response.status).toBe(404)
      expect(response.headers.get('content-type')).toBe('application/json')
      const body = (await response.json()) as { error: { message: string } }
      expect(body.error.message).toMatch(/served chain ids: 10, 137/)
    }
  })

  it('answers 400 for a body that is not JSON or not a JSON-RPC shape', async () => {
    const notJson = await post('/10', '{"jsonrpc":')
    expect(notJson.status).toBe(400)
    expect(await notJson.json()).toMatchObject({ error: { code: -32700 } })
    const notRpc = await post('/10', '42')
    expect(notRpc.status).toBe(400)
    expect(await notRpc.json()).toMatchObject({ error: { code: -32600 } })
  })

  it('answers 413 for a body over the size cap', async () => {
    const response = await post('/10', `"${'x'.repeat(MAX_BODY_BYTES)}"`)
    expect(response.status).toBe(413)
  })

  it('answers 405 for a GET on a chain path', async () => {
    const response = await fetch(`${devnet.url}/10`)
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('POST, OPTIONS')
  })

  it('answers the CORS preflight and sends CORS headers on responses', async () => {
    const preflight = await fetch(`${devnet.url}/10`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-client',
        'access-control-request-private-network': 'true',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST')
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type,x-client')
    expect(preflight.headers.get('access-control-allow-private-network')).toBe('true')

    const response = await post('/10', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }), {
      origin: 'http://localhost:5173',
    })
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
  })
})
