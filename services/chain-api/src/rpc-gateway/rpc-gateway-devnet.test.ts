import type { AddressInfo } from 'node:net'
import { type Devnet, devAccount, startDevnet } from '@portico/devnet'
import { createPublicClient, createWalletClient, defineChain, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROJECT } from '../chain-api-test-helpers.js'
import { type ChainApiServer, createChainApiServer } from '../index.js'

// The gateway inside the chain API, in front of a real devnet: what a dApp's viem client does through it.
let devnet: Devnet
let server: ChainApiServer
let gatewayUrl: string

beforeAll(async () => {
  devnet = await startDevnet({ port: 0, chainIds: [1] })
  server = await createChainApiServer({ manifest: devnet.manifest, indexer: false })
  await server.app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = server.app.server.address() as AddressInfo
  gatewayUrl = `http://127.0.0.1:${port}/v1/?chainId=eip155:1&projectId=${PROJECT}`
})

afterAll(async () => {
  await server?.close()
  await devnet?.stop()
})

const chain = defineChain({
  id: 1,
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9/unused'] } },
})
const RECIPIENT = '0x000000000000000000000000000000000000bEEF'

const rpc = async (body: unknown, contentType = 'application/json') => {
  const response = await fetch(gatewayUrl, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: JSON.stringify(body),
  })
  return {
    status: response.status,
    cache: response.headers.get('x-portico-rpc-cache'),
    body: await response.json(),
  }
}

describe('RPC gateway in front of the devnet', () => {
  it('carries a viem wallet: reads, fee estimates, a signed transaction and its receipt', async () => {
    const transport = http(gatewayUrl)
    const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 })
    const wallet = createWalletClient({ chain, transport, account: devAccount(7) })
    expect(await publicClient.getChainId()).toBe(1)
    const before = await publicClient.getBalance({ address: RECIPIENT })
    const hash = await wallet.sendTransaction({ to: RECIPIENT, value: 12_345n })
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(await publicClient.getBalance({ address: RECIPIENT })).toBe(before + 12_345n)
    // The devnet itself agrees.
    const direct = createPublicClient({ chain, transport: http(devnet.rpcUrl(1)) })
    expect(await direct.getBalance({ address: RECIPIENT })).toBe(before + 12_345n)
  })

  it("refuses the devnet's cheat codes: anvil_setBalance changes nothing", async () => {
    const direct = createPublicClient({ chain, transport: http(devnet.rpcUrl(1)) })
    const before = await direct.getBalance({ address: RECIPIENT })
    const refused = await rpc({
      jsonrpc: '2.0',
      id: 1,
      method: 'anvil_setBalance',
      params: [RECIPIENT, '0xffff'],
    })
    expect(refused.body).toMatchObject({ id: 1, error: { code: -32601 } })
    expect(await direct.getBalance({ address: RECIPIENT })).toBe(before)
  })

  it('answers a text/plain batch, and eth_chainId from the cache the second time', async () => {
    const batch = [
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
      { jsonrpc: '2.0', id: 2, method: 'eth_blockNumber' },
    ]
    const first = await rpc(batch, 'text/plain;charset=UTF-8')
    expect(first.status).toBe(200)
    expect(first.body).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0x1' },
      { jsonrpc: '2.0', id: 2, result: expect.stringMatching(/^0x[0-9a-f]+$/) },
    ])
    const again = await rpc({ jsonrpc: '2.0', id: 'c', method: 'eth_chainId' }, 'text/plain')
    expect(again).toMatchObject({ cache: 'hit', body: { jsonrpc: '2.0', id: 'c', result: '0x1' } })
  })
})
