import {
  type Address,
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  keccak256,
  maxUint256,
  parseTransaction,
  recoverTransactionAddress,
} from 'viem'
import { recoverAuthorizationAddress } from 'viem/utils'
import { describe, expect, it } from 'vitest'
import type { ApprovalPrompt } from './approval-sheet.js'
import { decodeCallsId } from './calls-id.js'
import type { CallsDetails } from './describe-calls.js'
import { PERMISSIONS_CAPABILITY } from './permissions/permission-capability.js'
import { SIMPLE_7702_ACCOUNT } from './smart-account-delegation.js'
import { createFakeAuthService, FAKE_TOKEN } from './testing/fake-auth-service.js'
import { createFrameHarness } from './testing/frame-harness.js'
import { executeBatchAbi } from './wallet-calls.js'

type User = { address: Address }
const DEAD: Address = '0x000000000000000000000000000000000000dEaD'
const SPENDER: Address = '0x1111111111111111111111111111111111111111'

async function signedIn(service = createFakeAuthService()) {
  const h = createFrameHarness({ service })
  await h.loginByEmail('batch@example.test')
  const { address } = (await h.ok('GET_USER')) as User
  await h.ok('SWITCH_NETWORK', { chainId: 10 })
  const rpc = (method: string, params?: unknown) => h.send('RPC_REQUEST', { method, params })
  return { h, address, rpc }
}

/** The batch the sheet showed at the visitor's `index`th request. */
function batchShown(prompts: readonly ApprovalPrompt[], index: number): CallsDetails {
  const details = prompts[index]?.details
  if (details?.kind !== 'calls') throw new Error(`no batch shown at request ${index}`)
  return details
}

const transferUsdc = (to: Address, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })
const approveUsdc = (spender: Address, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] })

describe('frame handler: EIP-5792 batches through EIP-7702', () => {
  it('upgrades the account with its first batch, runs the calls in one transaction, and reports them', async () => {
    const { h, address, rpc } = await signedIn()
    // A plain EOA on a chain with the smart-account code: ready to be upgraded.
    expect((await rpc('wallet_getCapabilities', [address, ['0xa']])).payload).toEqual({
      '0xa': { atomic: { status: 'ready' }, permissions: PERMISSIONS_CAPABILITY },
    })

    const calls = [
      { to: FAKE_TOKEN, data: approveUsdc(SPENDER, 5_000_000n) },
      { to: FAKE_TOKEN, data: transferUsdc(DEAD, 1_500_000n) },
      { to: DEAD, value: '0x2386f26fc10000' },
    ]
    const sent = await rpc('wallet_sendCalls', [
      { version: '2.0.0', chainId: '0xa', from: address, atomicRequired: true, calls },
    ])
    expect(sent.type).toBe('@portico-frame/RPC_REQUEST_SUCCESS')
    const { id } = sent.payload as { id: Hex }

    // One sheet, each call spelled out: the approval and the transfer decoded with the token's symbol.
    expect(h.prompts).toHaveLength(1)
    const details = batchShown(h.prompts, 0)
    expect(details).toMatchObject({ kind: 'calls', chainId: 10, symbol: 'ETH', upgrade: true })
    expect(details.calls.map((call) => call.action)).toEqual([
      {
        kind: 'tokenApproval',
        spender: SPENDER,
        amount: 5_000_000n,
        unlimited: false,
        token: { symbol: 'USDC', decimals: 6 },
      },
      { kind: 'tokenTransfer', recipient: DEAD, amount: 1_500_000n, token: { symbol: 'USDC', decimals: 6 } },
      { kind: 'none' },
    ])
    expect(details.calls[2]?.value).toBe(10n ** 16n)
    // The authorization's gas is counted in the fee: (21,000 estimated + 25,000) at 2 gwei.
    expect(details.fee).toBe(46_000n * 2_000_000_000n)

    // One type-4 transaction from the account to itself, delegating it to the smart-account code on this
    // chain only, with the next nonce (the sender's own transaction uses the current one).
    const raw = h.service.sentRawTransactions[0] as Hex
    expect(h.service.sentRawTransactions).toHaveLength(1)
    const tx = parseTransaction(raw)
    expect(tx.type).toBe('eip7702')
    expect(await recoverTransactionAddress({ serializedTransaction: raw as never })).toBe(address)
    expect(tx.to?.toLowerCase()).toBe(address.toLowerCase())
    const authorization = tx.authorizationList?.[0]
    if (!authorization) throw new Error('no authorization in the transaction')
    expect(authorization).toMatchObject({ address: SIMPLE_7702_ACCOUNT.toLowerCase(), chainId: 10, nonce: 8 })
    expect(tx.nonce).toBe(7)
    expect(await recoverAuthorizationAddress({ authorization })).toBe(address)
    const batch = decodeFunctionData({ abi: executeBatchAbi, data: tx.data as Hex })
    expect(batch.args[0]).toEqual([
      { target: FAKE_TOKEN, value: 0n, data: calls[0]?.data },
      { target: FAKE_TOKEN, value: 0n, data: calls[1]?.data },
      { target: DEAD, value: 10n ** 16n, data: '0x' },
    ])
    expect(decodeCallsId(id)).toEqual({ chainId: 10, hash: keccak256(raw), kind: 'transaction' })

    const status = (await rpc('wallet_getCallsStatus', [id])).payload as Record<string, unknown>
    expect(status).toMatchObject({ version: '2.0.0', id, chainId: '0xa', atomic: true, status: 200 })
    expect(status.receipts).toEqual([
      expect.objectContaining({ status: '0x1', transactionHash: keccak256(raw) }),
    ])

    // Upgraded: the next batch is a plain transaction to itself, with no new authorization.
    expect((await rpc('wallet_getCapabilities', [address])).payload).toEqual({
      '0xa': { atomic: { status: 'supported' }, permissions: PERMISSIONS_CAPABILITY },
    })
    await rpc('wallet_sendCalls', [
      { version: '2.0.0', chainId: '0xa', atomicRequired: true, calls: [calls[2]] },
    ])
    const second = parseTransaction(h.service.sentRawTransactions[1] as Hex)
    expect(second.type).toBe('eip1559')
    expect(batchShown(h.prompts, 1).upgrade).toBe(false)
  })

  it('warns of an unlimited approval and of a contract call it cannot describe', async () => {
    const { h, rpc } = await signedIn()
    await rpc('wallet_sendCalls', [
      {
        chainId: '0xa',
        atomicRequired: true,
        calls: [
          { to: FAKE_TOKEN, data: approveUsdc(SPENDER, maxUint256) },
          { to: DEAD, data: '0xdeadbeef' },
        ],
      },
    ])
    expect(batchShown(h.prompts, 0).calls.map((call) => call.action.kind)).toEqual([
      'tokenApproval',
      'contract',
    ])
    expect(batchShown(h.prompts, 0).calls[0]?.action).toMatchObject({ unlimited: true })
  })

  it('sends nothing when the visitor rejects', async () => {
    const service = createFakeAuthService()
    const h = createFrameHarness({ service, answer: async () => false })
    await h.loginByEmail('no@example.test')
    await h.ok('SWITCH_NETWORK', { chainId: 10 })
    const reply = await h.send('RPC_REQUEST', {
      method: 'wallet_sendCalls',
      params: [{ chainId: '0xa', atomicRequired: true, calls: [{ to: DEAD, value: '0x1' }] }],
    })
    expect(reply.payload).toMatchObject({ code: 4001 })
    expect(service.sentRawTransactions).toHaveLength(0)
  })

  it('refuses, before any sheet, what a batch must not carry', async () => {
    const { h, address, rpc } = await signedIn()
    const request = (overrides: Record<string, unknown>) => [
      { chainId: '0xa', atomicRequired: true, calls: [{ to: DEAD, value: '0x1' }], ...overrides },
    ]
    const refusals: [unknown, number][] = [
      // A call to the account itself would run a nested batch the sheet never showed.
      [
        request({ calls: [{ to: address, data: encodeFunctionData({ abi: executeBatchAbi, args: [[]] }) }] }),
        -32602,
      ],
      [request({ from: DEAD }), 4100],
      [request({ chainId: '0x1' }), 5710],
      [request({ capabilities: { auxiliaryFunds: {} } }), 5700],
      // A permissions capability names the permission it spends under (ERC-7715).
      [request({ capabilities: { permissions: {} } }), -32602],
      [request({ capabilities: { paymasterService: { url: 'javascript:alert(1)' } } }), -32602],
      [request({ calls: [{ to: DEAD, capabilities: { auxiliaryFunds: {} } }] }), 5700],
      [request({ calls: Array.from({ length: 11 }, () => ({ to: DEAD })) }), 5740],
      [request({ calls: [] }), -32602],
      [request({ calls: [{ to: 'dead', value: '0x1' }] }), -32602],
      [request({ calls: [{ to: DEAD, data: 'deadbeef' }] }), -32602],
      [request({ calls: [{ to: DEAD, value: '12' }] }), -32602],
      [[], -32602],
    ]
    for (const [params, code] of refusals) {
      const reply = await rpc('wallet_sendCalls', params)
      expect(reply.type, JSON.stringify(params)).toBe('@portico-frame/RPC_REQUEST_ERROR')
      expect((reply.payload as { code: number }).code, JSON.stringify(params)).toBe(code)
    }
    // An optional capability the wallet lacks is fine.
    const optional = await rpc(
      'wallet_sendCalls',
      request({ capabilities: { auxiliaryFunds: { optional: true } } }),
    )
    expect(optional.type).toBe('@portico-frame/RPC_REQUEST_SUCCESS')
    expect(h.prompts).toHaveLength(1)
    expect(h.service.sentRawTransactions).toHaveLength(1)
    // A paymaster the operator did not set is never called: marked optional, the account sends (and pays
    // for) the batch itself; required, the batch is refused before any sheet shows.
    const required = await rpc(
      'wallet_sendCalls',
      request({ capabilities: { paymasterService: { url: 'https://pm.example' } } }),
    )
    expect(required.type).toBe('@portico-frame/RPC_REQUEST_ERROR')
    expect((required.payload as { code: number }).code).toBe(5700)
    expect(h.prompts).toHaveLength(1)
    const foreign = await rpc(
      'wallet_sendCalls',
      request({ capabilities: { paymasterService: { url: 'https://pm.example', optional: true } } }),
    )
    expect(decodeCallsId((foreign.payload as { id: Hex }).id)?.kind).toBe('transaction')
    expect(batchShown(h.prompts, 1)).toMatchObject({ sponsored: false })
    expect(h.service.sentRawTransactions).toHaveLength(2)

    expect((await rpc('wallet_getCallsStatus', ['0x1234'])).payload).toMatchObject({ code: 5730 })
    expect((await rpc('wallet_getCapabilities', [DEAD])).payload).toMatchObject({ code: 4100 })
  })

  it('on a network without the smart-account code: atomic unsupported, and a batch is refused before any sheet', async () => {
    const service = createFakeAuthService()
    service.withoutSmartAccountCode()
    const { h, address, rpc } = await signedIn(service)
    expect((await rpc('wallet_getCapabilities', [address])).payload).toEqual({
      '0xa': { atomic: { status: 'unsupported' }, permissions: PERMISSIONS_CAPABILITY },
    })
    const reply = await rpc('wallet_sendCalls', [
      { chainId: '0xa', atomicRequired: true, calls: [{ to: DEAD, value: '0x1' }] },
    ])
    expect(reply.payload).toMatchObject({ code: 5760 })
    expect(h.prompts).toHaveLength(0)
    expect(service.sentRawTransactions).toHaveLength(0)
  })
})
