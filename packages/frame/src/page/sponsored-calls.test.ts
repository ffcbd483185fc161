import { type Devnet, devToken, VERIFYING_PAYMASTER_ADDRESS } from '@portico/devnet'
import { encodeFunctionData, erc20Abi, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeApproval } from './approval-request.js'
import { CALLS_ERRORS } from './calls-constants.js'
import { CALLS_STATUS } from './calls-status.js'
import { RpcError } from './json-rpc.js'
import { paymasterService } from './paymaster-service.js'
import { PERMISSIONS_CAPABILITY } from './permissions/permission-capability.js'
import { delegationStateOf } from './smart-account-delegation.js'
import { sendSponsoredCalls, userOperationOutcome } from './sponsored-calls.js'
import { type SponsorStack, startSponsorStack } from './testing/sponsor-stack.js'
import type { WalletRpcContext } from './wallet-context.js'
import { handleWalletRpc } from './wallet-rpc.js'

let stack: SponsorStack
let devnet: Devnet
let bundlerUrl: string
let paymasterUrl: string

beforeAll(async () => {
  stack = await startSponsorStack('sponsored')
  ;({ devnet, bundlerUrl, paymasterUrl } = stack)
}, 120_000)
afterAll(() => stack?.stop())

const context = (): WalletRpcContext => ({
  account: privateKeyToAccount(generatePrivateKey()),
  chainId: 10,
  rpcUrl: devnet.rpcUrl(10),
  fetch: (input, init) => fetch(input, init),
})

const rpc = async (method: string, params: unknown[]) => {
  const response = await fetch(devnet.rpcUrl(10), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: unknown }).result
}

async function landed(wallet: WalletRpcContext, hash: Hex) {
  for (let tries = 0; tries < 100; tries++) {
    const outcome = await userOperationOutcome(wallet, bundlerUrl, hash)
    if (outcome) return outcome
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`user operation ${hash} never landed`)
}

describe('a sponsored batch from the frame’s account', () => {
  it('upgrades an account with 0 ETH through EIP-7702 and runs its batch, the paymaster paying', async () => {
    const wallet = context()
    const USDC = devToken('USDC').address
    const spender = privateKeyToAccount(generatePrivateKey()).address
    const approve = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [spender, 5_000_000n],
    })
    const hash = await sendSponsoredCalls(
      wallet,
      {
        chainId: 10,
        calls: [
          { to: USDC, data: approve, value: 0n },
          { to: spender, data: '0x', value: 0n },
        ],
      },
      { bundlerUrl, paymasterUrl },
    )
    const outcome = await landed(wallet, hash)
    expect(outcome.success).toBe(true)
    expect(delegationStateOf(await rpc('eth_getCode', [wallet.account.address, 'latest']))).toBe('smart')
    expect(await rpc('eth_getBalance', [wallet.account.address, 'latest'])).toBe('0x0')
    const allowance = await rpc('eth_call', [
      {
        to: USDC,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'allowance',
          args: [wallet.account.address, spender],
        }),
      },
      'latest',
    ])
    expect(BigInt(allowance as Hex)).toBe(5_000_000n)

    // Once delegated, the next batch needs no authorization.
    const again = await sendSponsoredCalls(
      wallet,
      { chainId: 10, calls: [{ to: spender, data: '0x', value: 0n }] },
      { bundlerUrl, paymasterUrl },
    )
    expect((await landed(wallet, again)).success).toBe(true)
  }, 120_000)

  it('refuses with a clear error when the paymaster does not sponsor the project', async () => {
    await expect(
      sendSponsoredCalls(
        context(),
        { chainId: 10, calls: [{ to: VERIFYING_PAYMASTER_ADDRESS, data: '0x', value: 0n }] },
        { bundlerUrl, paymasterUrl: paymasterUrl.replace('/demo', '/other') },
      ),
    ).rejects.toThrow(RpcError)
  }, 60_000)

  it('answers wallet_sendCalls with paymasterService through the operator’s paymaster and follows it to its receipt', async () => {
    const wallet = {
      ...context(),
      sponsorshipFor: (id: number) => (id === 10 ? { bundlerUrl, paymasterUrl } : undefined),
    }
    const address = wallet.account.address
    expect(await handleWalletRpc(wallet, 'wallet_getCapabilities', [address, ['0xa']])).toEqual({
      '0xa': {
        atomic: { status: 'ready' },
        paymasterService: { supported: true },
        permissions: PERMISSIONS_CAPABILITY,
      },
    })
    const send = (url: string, optional?: boolean) => [
      {
        version: '2.0.0',
        chainId: '0xa',
        from: address,
        atomicRequired: true,
        calls: [{ to: '0x000000000000000000000000000000000000dEaD', data: '0x' }],
        capabilities: { paymasterService: { url, ...(optional === undefined ? {} : { optional }) } },
      },
    ]
    // The sheet: the fee paid by the dApp, and 0 ETH is no reason to keep Approve off.
    expect(await describeApproval(wallet, 'wallet_sendCalls', send(paymasterUrl))).toMatchObject({
      sponsored: true,
      balance: 0n,
      insufficientFunds: false,
    })
    // Another paymaster is never called. Marked optional, the batch is the account's own to pay, which
    // 0 ETH cannot; required, the wallet refuses it (EIP-5792's unsupported capability).
    expect(
      await describeApproval(wallet, 'wallet_sendCalls', send('https://pm.example/v1', true)),
    ).toMatchObject({ sponsored: false, insufficientFunds: true })
    await expect(
      describeApproval(wallet, 'wallet_sendCalls', send('https://pm.example/v1')),
    ).rejects.toMatchObject({ rpcCode: CALLS_ERRORS.unsupportedCapability })

    const { id } = (await handleWalletRpc(wallet, 'wallet_sendCalls', send(paymasterUrl))) as { id: Hex }
    expect(id.startsWith('0x50554f50')).toBe(true)
    let status: { status: number; receipts?: { status: Hex; transactionHash: Hex }[] } | undefined
    for (let tries = 0; tries < 100 && status?.status !== CALLS_STATUS.confirmed; tries++) {
      status = (await handleWalletRpc(wallet, 'wallet_getCallsStatus', [id])) as typeof status
      if (status?.status === CALLS_STATUS.pending) await new Promise((resolve) => setTimeout(resolve, 200))
    }
    expect(status?.status).toBe(CALLS_STATUS.confirmed)
    expect(status?.receipts?.[0]?.status).toBe('0x1')
    expect(delegationStateOf(await rpc('eth_getCode', [address, 'latest']))).toBe('smart')
    expect(await rpc('eth_getBalance', [address, 'latest'])).toBe('0x0')
  }, 120_000)

  it('reads the paymasterService capability, refusing a malformed one', () => {
    expect(paymasterService({ paymasterService: { url: 'https://pm.example/v1' } })).toEqual({
      url: 'https://pm.example/v1',
      optional: false,
    })
    expect(paymasterService({ paymasterService: { url: 'https://pm.example/v1', optional: true } })).toEqual({
      url: 'https://pm.example/v1',
      optional: true,
    })
    expect(paymasterService({ atomic: { status: 'supported' } })).toBeUndefined()
    expect(() => paymasterService({ paymasterService: { url: 'javascript:alert(1)' } })).toThrow(RpcError)
  })
})
