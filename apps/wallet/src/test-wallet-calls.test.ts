import { type Hex, hexToBigInt, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ApprovalRequest } from './approval-request.js'
import type { CallsStatus } from './calls-batches.js'
import { createMemoryStorage } from './storage-like.js'
import { testWalletAddress } from './test-wallet-account.js'
import { createTestWalletProvider } from './test-wallet-provider.js'
import { type AnvilInstance, spawnAnvil } from './testing/spawn-anvil.js'

// Dev accounts 7 to 9: funded by anvil, never senders here; each test reads the balances of its own.
const first = testWalletAddress(8)
const second = testWalletAddress(9)
const untouched = testWalletAddress(7)
const hexValue = (ether: string) => `0x${parseEther(ether).toString(16)}`
/** Init code that reverts at once (PUSH1 0 PUSH1 0 REVERT): a call the node refuses to estimate. */
const REVERTING_DEPLOY = '0x60006000fd'

let anvil: AnvilInstance

beforeAll(async () => {
  anvil = await spawnAnvil(1)
})

afterAll(async () => {
  await anvil?.stop()
})

async function connectedWallet(accountIndex: number, answer = true) {
  const approve = vi.fn(async (_request: ApprovalRequest) => answer)
  const provider = createTestWalletProvider({
    rpcUrl: () => anvil.url,
    approve: async (request) => (request.kind === 'connect' ? true : approve(request)),
    storage: createMemoryStorage(),
    origin: 'http://dapp.test',
    accountIndex,
  })
  await provider.request({ method: 'eth_requestAccounts' })
  return { provider, approve }
}

const balanceOf = async (provider: { request(args: object): Promise<unknown> }, address: string) =>
  hexToBigInt((await provider.request({ method: 'eth_getBalance', params: [address, 'latest'] })) as Hex)

/** viem's wallet_sendCalls params (EIP-5792 v2). */
function sendCallsParams(calls: object[], extra: object = {}) {
  return [{ version: '2.0.0', chainId: '0x1', atomicRequired: false, calls, ...extra }]
}

async function finalStatus(provider: { request(args: object): Promise<unknown> }, id: string) {
  return vi.waitFor(
    async () => {
      const status = (await provider.request({
        method: 'wallet_getCallsStatus',
        params: [id],
      })) as CallsStatus
      if (status.status === 100) throw new Error('still pending')
      return status
    },
    { timeout: 15_000, interval: 50 },
  )
}

describe('EIP-5792 in the test wallet', () => {
  it('wallet_getCapabilities: a plain account, atomic unsupported on every chain asked (or known)', async () => {
    const { provider } = await connectedWallet(1)
    const address = testWalletAddress(1)
    expect(
      await provider.request({ method: 'wallet_getCapabilities', params: [address, ['0x1', '0xa']] }),
    ).toEqual({ '0x1': { atomic: { status: 'unsupported' } }, '0xa': { atomic: { status: 'unsupported' } } })
    const all = (await provider.request({ method: 'wallet_getCapabilities', params: [address] })) as object
    expect(Object.keys(all)).toEqual(['0x1', '0xa', '0x89', '0x2105', '0xa4b1', '0xaa36a7'])
    await expect(
      provider.request({ method: 'wallet_getCapabilities', params: [testWalletAddress(2)] }),
    ).rejects.toMatchObject({ code: 4100 })
  })

  it('wallet_sendCalls: one prompt listing every call, then each sent; the status reaches 200 with receipts', async () => {
    const { provider, approve } = await connectedWallet(2)
    const [firstBefore, secondBefore] = [await balanceOf(provider, first), await balanceOf(provider, second)]
    const { id } = (await provider.request({
      method: 'wallet_sendCalls',
      params: sendCallsParams([
        { to: first, value: hexValue('1') },
        { to: second, value: hexValue('2'), data: '0x' },
      ]),
    })) as { id: string }
    expect(id).toMatch(/^0x[0-9a-f]{64}$/)
    expect(approve).toHaveBeenCalledTimes(1)
    expect(approve).toHaveBeenCalledWith(
      expect.objectContaining({
        kind: 'send-calls',
        chainId: 1,
        calls: [
          { to: first, value: parseEther('1'), data: undefined },
          { to: second, value: parseEther('2'), data: undefined },
        ],
      }),
    )
    const status = await finalStatus(provider, id)
    expect(status).toMatchObject({ version: '2.0.0', id, chainId: '0x1', status: 200, atomic: false })
    expect(status.receipts).toHaveLength(2)
    expect(status.receipts.map((receipt) => receipt.status)).toEqual(['0x1', '0x1'])
    expect(new Set(status.receipts.map((receipt) => receipt.transactionHash)).size).toBe(2)
    expect((await balanceOf(provider, first)) - firstBefore).toBe(parseEther('1'))
    expect((await balanceOf(provider, second)) - secondBefore).toBe(parseEther('2'))

    // wallet_showCallsStatus shows where the batch is, in the wallet's own prompt.
    expect(await provider.request({ method: 'wallet_showCallsStatus', params: [id] })).toBeNull()
    expect(approve).toHaveBeenLastCalledWith(
      expect.objectContaining({
        kind: 'calls-status',
        batchId: id,
        status: 200,
        transactionHashes: status.receipts.map((receipt) => receipt.transactionHash),
      }),
    )
  })

  it('refuses atomicRequired with 5760 and a required capability with 5700, before any prompt', async () => {
    const { provider, approve } = await connectedWallet(3)
    const calls = [{ to: first, value: hexValue('0.1') }]
    await expect(
      provider.request({
        method: 'wallet_sendCalls',
        params: sendCallsParams(calls, { atomicRequired: true }),
      }),
    ).rejects.toMatchObject({ code: 5760 })
    await expect(
      provider.request({
        method: 'wallet_sendCalls',
        params: sendCallsParams(calls, { capabilities: { paymasterService: { url: 'http://pm.test' } } }),
      }),
    ).rejects.toMatchObject({ code: 5700, message: expect.stringContaining('paymasterService') })
    expect(approve).not.toHaveBeenCalled()
    // Optional capabilities are the dApp's wish, not a condition.
    await expect(
      provider.request({
        method: 'wallet_sendCalls',
        params: sendCallsParams(calls, {
          capabilities: { paymasterService: { url: 'http://pm.test', optional: true } },
        }),
      }),
    ).resolves.toMatchObject({ id: expect.any(String) })
  })

  it('validates params (-32602), the chain (5710), the sender (4100), the id (5720, 5730)', async () => {
    const { provider } = await connectedWallet(4)
    const request = (params: unknown[]) => provider.request({ method: 'wallet_sendCalls', params })
    await expect(request([{ version: '2.0.0', chainId: '0x1', calls: [] }])).rejects.toMatchObject({
      code: -32602,
    })
    await expect(request(sendCallsParams([{ to: 'nope' }]))).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('calls.0.to'),
    })
    await expect(request(sendCallsParams([{ to: first }], { chainId: '0x539' }))).rejects.toMatchObject({
      code: 5710,
    })
    await expect(request(sendCallsParams([{ to: first }], { from: first }))).rejects.toMatchObject({
      code: 4100,
    })
    await request(sendCallsParams([{ to: first }], { id: 'dapp-batch-1' }))
    await expect(request(sendCallsParams([{ to: first }], { id: 'dapp-batch-1' }))).rejects.toMatchObject({
      code: 5720,
    })
    await expect(
      provider.request({ method: 'wallet_getCallsStatus', params: ['0xunknown'] }),
    ).rejects.toMatchObject({ code: 5730 })
  })

  it('a batch rejected in the prompt fails with 4001 and sends nothing', async () => {
    const { provider } = await connectedWallet(5, false)
    const before = await balanceOf(provider, untouched)
    await expect(
      provider.request({
        method: 'wallet_sendCalls',
        params: sendCallsParams([{ to: untouched, value: hexValue('1') }]),
      }),
    ).rejects.toMatchObject({ code: 4001 })
    expect(await balanceOf(provider, untouched)).toBe(before)
  })

  it('a call that cannot be sent ends the batch: 400 when it was the first, 600 after one landed', async () => {
    const { provider } = await connectedWallet(6)
    const failing = (await provider.request({
      method: 'wallet_sendCalls',
      params: sendCallsParams([{ data: REVERTING_DEPLOY }, { to: first, value: hexValue('1') }]),
    })) as { id: string }
    expect(await finalStatus(provider, failing.id)).toMatchObject({ status: 400, receipts: [] })

    const partial = (await provider.request({
      method: 'wallet_sendCalls',
      params: sendCallsParams([{ to: first, value: hexValue('1') }, { data: REVERTING_DEPLOY }]),
    })) as { id: string }
    const status = await finalStatus(provider, partial.id)
    expect(status.status).toBe(600)
    expect(status.receipts.map((receipt) => receipt.status)).toEqual(['0x1'])
  })

  it('needs an authorized site', async () => {
    const provider = createTestWalletProvider({
      rpcUrl: () => anvil.url,
      approve: async () => true,
      storage: createMemoryStorage(),
      origin: 'http://dapp.test',
    })
    await expect(
      provider.request({ method: 'wallet_getCapabilities', params: [testWalletAddress(0)] }),
    ).rejects.toMatchObject({ code: 4100 })
  })
})
