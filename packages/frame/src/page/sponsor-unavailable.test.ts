import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { RpcError } from './json-rpc.js'
import { isSponsorUnreachable, SPONSOR_UNAVAILABLE_CODE } from './sponsor-unavailable.js'
import { sendSponsoredCalls } from './sponsored-calls.js'
import type { WalletRpcContext } from './wallet-context.js'

const RPC_URL = 'http://rpc.test/10'
const BUNDLER_URL = 'http://bundler.test/10'
const PAYMASTER_URL = 'http://paymaster.test/demo'

/** A chain that answers what a user operation's preparation reads; the sponsor's hosts refuse connections. */
function fetchWithSponsorDown(down: (url: string) => Response | never): WalletRpcContext['fetch'] {
  return async (input, init) => {
    const url = String(input)
    if (!url.startsWith(RPC_URL)) return down(url)
    const { id, method } = JSON.parse(String(init?.body)) as { id: number; method: string }
    const answers: Record<string, unknown> = {
      eth_chainId: '0xa',
      eth_getCode: '0x',
      eth_getTransactionCount: '0x0',
      eth_call: `0x${'0'.repeat(64)}`,
      eth_maxPriorityFeePerGas: '0x1',
      eth_gasPrice: '0x2',
      eth_getBlockByNumber: { number: '0x1', baseFeePerGas: '0x1', timestamp: '0x1', transactions: [] },
    }
    return Response.json({ jsonrpc: '2.0', id, result: answers[method] ?? '0x0' })
  }
}

const context = (fetch: WalletRpcContext['fetch']): WalletRpcContext => ({
  account: privateKeyToAccount(generatePrivateKey()),
  chainId: 10,
  rpcUrl: RPC_URL,
  fetch,
})

const batch = {
  chainId: 10,
  calls: [{ to: `0x${'11'.repeat(20)}` as const, data: '0x' as const, value: 0n }],
}

describe('a sponsored batch whose bundler or paymaster cannot be reached', () => {
  it.each([
    ['refuses connections', () => Promise.reject(new TypeError('fetch failed'))],
    ['is behind a proxy answering 502', () => new Response('Bad Gateway', { status: 502 })],
  ])('answers -32002 with the visitor’s words when the sponsor %s', async (_, down) => {
    const sent = sendSponsoredCalls(context(fetchWithSponsorDown(down as never)), batch, {
      bundlerUrl: BUNDLER_URL,
      paymasterUrl: PAYMASTER_URL,
    })
    await expect(sent).rejects.toBeInstanceOf(RpcError)
    await expect(sent).rejects.toMatchObject({
      rpcCode: SPONSOR_UNAVAILABLE_CODE,
      message: 'The service that pays the network fee cannot be reached. Nothing was sent; try again later.',
    })
  })

  it('tells an unreachable sponsor from one that answered a refusal', () => {
    expect(isSponsorUnreachable(new Error('wrapped', { cause: new TypeError('fetch failed') }))).toBe(true)
    expect(isSponsorUnreachable(new RpcError('HTTP status code: 503'))).toBe(true)
    expect(isSponsorUnreachable(new RpcError('HTTP status code: 400'))).toBe(false)
    expect(isSponsorUnreachable(new RpcError('The project is not sponsored on this chain', -32602))).toBe(
      false,
    )
  })
})
