import {
  type Address,
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  parseTransaction,
} from 'viem'
import { describe, expect, it } from 'vitest'
import type { FetchLike } from '../auth-client.js'
import { createFakeAuthService, FAKE_TOKEN } from '../testing/fake-auth-service.js'
import { createFrameHarness } from '../testing/frame-harness.js'
import { executeBatchAbi } from '../wallet-calls.js'

const DEAD: Address = '0x000000000000000000000000000000000000dEaD'
const transfer = (amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [DEAD, amount] })

/** A signed-in visitor on chain 10 with a 10 USDC permission; `refuse` makes the chain refuse estimates. */
async function withPermission() {
  const service = createFakeAuthService()
  let refuse = false
  const fetch: FetchLike = async (input, init) => {
    const body =
      typeof init?.body === 'string' ? (JSON.parse(init.body) as { id: number; method?: string }) : undefined
    if (refuse && body?.method === 'eth_estimateGas') {
      const error = { code: 3, message: 'execution reverted: ERC20: transfer amount exceeds balance' }
      return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, error }))
    }
    return service.fetch(input as string, init)
  }
  const h = createFrameHarness({ service, fetch })
  await h.loginByEmail('batch-permission@example.test')
  const { address } = (await h.ok('GET_USER')) as { address: Address }
  await h.ok('SWITCH_NETWORK', { chainId: 10 })
  const rpc = (method: string, params: unknown) => h.send('RPC_REQUEST', { method, params })
  const expiry = Math.floor(Date.now() / 1000) + 3600
  const allowance = { type: 'token-allowance', data: { allowance: '0x989680' } }
  const granted = await rpc('wallet_grantPermissions', [
    {
      expiry,
      permissions: [
        {
          type: 'erc20-token-transfer',
          data: { address: FAKE_TOKEN, ticker: 'USDC' },
          policies: [allowance],
        },
      ],
    },
  ])
  const { permissionsContext: context } = granted.payload as { permissionsContext: string }
  const spend = (calls: unknown[]) =>
    rpc('wallet_sendCalls', [
      { chainId: '0xa', from: address, calls, capabilities: { permissions: { context } } },
    ])
  return { h, rpc, address, spend, refuseEstimates: (on: boolean) => (refuse = on) }
}

describe('ERC-7715 permissions: batches and refusals by the chain', () => {
  it('sends several covered transfers as one batch of a smart account, and none from a plain EOA', async () => {
    const { h, rpc, address, spend } = await withPermission()
    const calls = [
      { to: FAKE_TOKEN, data: transfer(3_000_000n) },
      { to: FAKE_TOKEN, data: transfer(2_000_000n) },
    ]
    // A plain EOA: a permission never upgrades the account on its own.
    expect((await spend(calls)).payload).toMatchObject({ code: 5760 })
    expect(h.service.sentRawTransactions).toHaveLength(0)

    // Upgraded by a batch the visitor approved in the sheet, the account runs both in one transaction.
    await rpc('wallet_sendCalls', [{ chainId: '0xa', from: address, calls: [{ to: DEAD, value: '0x1' }] }])
    expect(h.prompts.map((prompt) => prompt.details.kind)).toEqual(['permissions', 'calls'])
    expect((await spend(calls)).type).toBe('@portico-frame/RPC_REQUEST_SUCCESS')
    expect(h.prompts).toHaveLength(2)
    const batch = parseTransaction(h.service.sentRawTransactions[1] as Hex)
    expect(batch.authorizationList).toBeUndefined()
    expect(decodeFunctionData({ abi: executeBatchAbi, data: batch.data as Hex }).args[0]).toEqual([
      { target: FAKE_TOKEN, value: 0n, data: calls[0]?.data },
      { target: FAKE_TOKEN, value: 0n, data: calls[1]?.data },
    ])
    // 5 of 10 spent: 6 more is over.
    expect((await spend([{ to: FAKE_TOKEN, data: transfer(6_000_000n) }])).payload).toMatchObject({
      code: 4100,
    })
  })

  it('gives the spend back when the chain refused the transaction', async () => {
    const { h, spend, refuseEstimates } = await withPermission()
    refuseEstimates(true)
    const refused = await spend([{ to: FAKE_TOKEN, data: transfer(10_000_000n) }])
    expect(refused.type).toBe('@portico-frame/RPC_REQUEST_ERROR')
    expect(h.service.sentRawTransactions).toHaveLength(0)
    const { permissions } = (await h.ok('GET_PERMISSIONS')) as {
      permissions: { allowances: { spent: string }[] }[]
    }
    expect(permissions[0]?.allowances[0]?.spent).toBe('0')
    refuseEstimates(false)
    expect((await spend([{ to: FAKE_TOKEN, data: transfer(10_000_000n) }])).type).toBe(
      '@portico-frame/RPC_REQUEST_SUCCESS',
    )
  })
})
