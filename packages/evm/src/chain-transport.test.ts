import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { AdapterContext } from '@portico/core/internal'
import { createPublicClient, defineChain } from 'viem'
import { afterEach, describe, expect, it } from 'vitest'
import { chainTransport, rpcGatewayUrl } from './chain-transport.js'

type Handler = (
  request: IncomingMessage,
  body: { id: number; method: string },
) => { status: number; body?: unknown }

/** A JSON-RPC endpoint on a free loopback port that records the URLs and methods it was asked. */
async function endpoint(handler: Handler) {
  const seen: { url: string; method: string }[] = []
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    seen.push({ url: request.url ?? '', method: body.method })
    const answer = handler(request, body)
    response
      .writeHead(answer.status, { 'content-type': 'application/json' })
      .end(JSON.stringify(answer.body ?? {}))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  closers.push(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })
  return { url, seen }
}

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

const blockNumber =
  (hex: string): Handler =>
  (_request, body) => ({
    status: 200,
    body: { jsonrpc: '2.0', id: body.id, result: hex },
  })

const chain = defineChain({
  id: 1,
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9/unused'] } },
})

function client(chainApiUrl: string | undefined, directUrl: string) {
  const context: AdapterContext = {
    networks: [],
    rpcUrl: (chainId) => `${directUrl}/${chainId}`,
    rpcTimeoutMs: 10_000,
    chainApiUrl,
    relayUrl: 'ws://127.0.0.1:9',
    projectId: 'demo project',
    metadata: undefined,
  }
  return createPublicClient({ chain, transport: chainTransport(context, 1), cacheTime: 0 })
}

describe('chain transport: RPC gateway first, the chain RPC URL as fallback', () => {
  it('builds the gateway URL of spec §7', () => {
    expect(rpcGatewayUrl('http://127.0.0.1:3002/', 8453, 'demo project')).toBe(
      'http://127.0.0.1:3002/v1/?chainId=eip155%3A8453&projectId=demo+project',
    )
  })

  it('reads through the gateway, with chainId and projectId, and leaves the chain RPC URL alone', async () => {
    const gateway = await endpoint(blockNumber('0x2a'))
    const direct = await endpoint(blockNumber('0x1'))
    expect(await client(gateway.url, direct.url).getBlockNumber()).toBe(42n)
    expect(gateway.seen).toEqual([
      { url: '/v1/?chainId=eip155%3A1&projectId=demo+project', method: 'eth_blockNumber' },
    ])
    expect(direct.seen).toEqual([])
  })

  it("falls back to the chain's RPC URL when the gateway fails, refuses the method, or is down", async () => {
    const direct = await endpoint(blockNumber('0x7'))
    const failing = await endpoint(() => ({ status: 502, body: { error: { code: 'UPSTREAM_UNAVAILABLE' } } }))
    expect(await client(failing.url, direct.url).getBlockNumber()).toBe(7n)
    expect(failing.seen).toHaveLength(1)

    const refusing = await endpoint((_request, body) => ({
      status: 200,
      body: { jsonrpc: '2.0', id: body.id, error: { code: -32601, message: 'not available' } },
    }))
    expect(await client(refusing.url, direct.url).getBlockNumber()).toBe(7n)

    const down = await endpoint(blockNumber('0x0'))
    await closers.pop()?.()
    expect(await client(down.url, direct.url).getBlockNumber()).toBe(7n)
    expect(direct.seen.map((call) => call.url)).toEqual(['/1', '/1', '/1'])
  })

  it('does not try the chain RPC URL for a revert: the chain answered', async () => {
    const gateway = await endpoint((_request, body) => ({
      status: 200,
      body: {
        jsonrpc: '2.0',
        id: body.id,
        error: { code: 3, message: 'execution reverted: no', data: '0x' },
      },
    }))
    const direct = await endpoint(blockNumber('0x1'))
    await expect(
      client(gateway.url, direct.url).call({ to: '0x0000000000000000000000000000000000000001', data: '0x' }),
    ).rejects.toThrow(/revert/)
    expect(direct.seen).toEqual([])
  })

  it("uses the chain's RPC URL alone without a chain API", async () => {
    const direct = await endpoint(blockNumber('0x3'))
    expect(await client(undefined, direct.url).getBlockNumber()).toBe(3n)
    expect(direct.seen).toHaveLength(1)
  })
})
