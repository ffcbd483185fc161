import { type Devnet, devToken, SMART_ACCOUNT_FACTORY_ADDRESS } from '@portico/devnet'
import {
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  isAddressEqual,
  serializeErc6492Signature,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { isErc6492Signature } from 'viem/utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeApproval } from './approval-request.js'
import { CALLS_STATUS, callsStatus } from './calls-status.js'
import { SMART_ACCOUNT_FACTORY, smartAccountFactoryAbi } from './counterfactual-account.js'
import { smartAccountContext } from './smart-account-rpc.js'
import { type SponsorStack, startSponsorStack } from './testing/sponsor-stack.js'
import type { WalletRpcContext } from './wallet-context.js'
import { handleWalletRpc } from './wallet-rpc.js'

let stack: SponsorStack
let devnet: Devnet
let bundlerUrl: string
let paymasterUrl: string

beforeAll(async () => {
  stack = await startSponsorStack('counterfactual')
  ;({ devnet, bundlerUrl, paymasterUrl } = stack)
}, 120_000)
afterAll(() => stack?.stop())

const ownerContext = (): WalletRpcContext => ({
  account: privateKeyToAccount(generatePrivateKey()),
  chainId: 10,
  rpcUrl: devnet.rpcUrl(10),
  fetch: (input, init) => fetch(input, init),
  sponsorshipFor: (chainId) => (chainId === 10 ? { bundlerUrl, paymasterUrl } : undefined),
})

const chain = () => createPublicClient({ transport: http(devnet.rpcUrl(10)) })

async function settled(wallet: WalletRpcContext, id: string) {
  for (let tries = 0; tries < 150; tries++) {
    const status = await callsStatus(wallet, [id])
    if (status.status !== CALLS_STATUS.pending) return status
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`batch ${id} never settled`)
}

describe("the embedded key's counterfactual smart account", () => {
  it('is the factory address, signs ERC-6492 then ERC-1271, deploys with its first sponsored batch at 0 ETH', async () => {
    const owner = ownerContext()
    const wallet = await smartAccountContext(owner)
    const address = wallet.account.address
    expect(SMART_ACCOUNT_FACTORY).toBe(SMART_ACCOUNT_FACTORY_ADDRESS)
    expect(isAddressEqual(address, owner.account.address)).toBe(false)
    expect(await chain().getCode({ address })).toBeUndefined()
    expect(await handleWalletRpc(wallet, 'eth_accounts', [])).toEqual([address])

    // Before deployment: an ERC-6492 signature, which a verifier checks by simulating the deployment.
    const message = 'Sign in to Portico'
    const before = (await handleWalletRpc(wallet, 'personal_sign', [message, address])) as Hex
    expect(isErc6492Signature(before)).toBe(true)
    expect(await chain().verifyMessage({ address, message, signature: before })).toBe(true)
    expect(await chain().verifyMessage({ address, message: 'Something else', signature: before })).toBe(false)
    // The owner's own signature of the message, wrapped the same way, does not pass as the account's.
    const factoryData = encodeFunctionData({
      abi: smartAccountFactoryAbi,
      functionName: 'createAccount',
      args: [owner.account.address, 0n],
    })
    const ownerSignature = await owner.account.signMessage({ message })
    const replayed = serializeErc6492Signature({
      address: SMART_ACCOUNT_FACTORY,
      data: factoryData,
      signature: ownerSignature,
    })
    expect(await chain().verifyMessage({ address, message, signature: replayed })).toBe(false)
    // Another key's signature of the account's replay-safe hash is refused too.
    const intruder = await smartAccountContext({
      ...owner,
      account: privateKeyToAccount(generatePrivateKey()),
    })
    const forged = (await intruder.account.signMessage({ message })) as Hex
    expect(await chain().verifyMessage({ address, message, signature: forged })).toBe(false)

    // One sponsored batch (approve + a transfer of nothing) deploys it: the account holds no ETH.
    const USDC = devToken('USDC').address
    const spender = privateKeyToAccount(generatePrivateKey()).address
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, 7n] })
    const { id } = (await handleWalletRpc(wallet, 'wallet_sendCalls', [
      {
        version: '2.0.0',
        chainId: '0xa',
        from: address,
        atomicRequired: true,
        calls: [{ to: USDC, data: approve }, { to: spender }],
        capabilities: { paymasterService: { url: paymasterUrl } },
      },
    ])) as { id: string }
    const status = await settled(wallet, id)
    expect(status.status).toBe(CALLS_STATUS.confirmed)
    expect(await chain().getCode({ address })).toMatch(/^0x[0-9a-f]{10,}/)
    expect(await chain().getBalance({ address })).toBe(0n)
    expect(
      await chain().readContract({
        address: USDC,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [address, spender],
      }),
    ).toBe(7n)
    // The owner's address took no part: it has no code and sent nothing.
    expect(await chain().getTransactionCount({ address: owner.account.address })).toBe(0)

    // Deployed: a plain ERC-1271 signature; the intruder's still fails.
    const after = (await handleWalletRpc(wallet, 'personal_sign', [message, address])) as Hex
    expect(isErc6492Signature(after)).toBe(false)
    expect(await chain().verifyMessage({ address, message, signature: after })).toBe(true)
    const forgedAfter = (await intruder.account.signMessage({ message })) as Hex
    expect(await chain().verifyMessage({ address, message, signature: forgedAfter })).toBe(false)
    expect(await chain().verifyMessage({ address, message, signature: ownerSignature })).toBe(false)

    // eth_sendTransaction goes as a user operation and answers the transaction that carried it.
    const txHash = (await handleWalletRpc(wallet, 'eth_sendTransaction', [
      { from: address, to: spender, value: '0x0' },
    ])) as Hex
    expect((await chain().getTransactionReceipt({ hash: txHash })).status).toBe('success')
  }, 180_000)

  it('says what the account can do, and refuses a batch that names the owner as sender', async () => {
    const owner = ownerContext()
    const wallet = await smartAccountContext(owner)
    expect(await handleWalletRpc(wallet, 'wallet_getCapabilities', [wallet.account.address])).toEqual({
      '0xa': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
    })
    await expect(
      handleWalletRpc(wallet, 'wallet_sendCalls', [
        {
          version: '2.0.0',
          chainId: '0xa',
          from: owner.account.address,
          calls: [{ to: owner.account.address }],
        },
      ]),
    ).rejects.toMatchObject({ rpcCode: 4100 })
  }, 60_000)

  it('shows a send from the account at 0 ETH as one call the operator pays, not as a fee it cannot pay', async () => {
    const owner = ownerContext()
    const wallet = await smartAccountContext(owner)
    const address = wallet.account.address
    expect(await chain().getBalance({ address })).toBe(0n)
    const transfer = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [owner.account.address, 1n],
    })
    const usdc = devToken('USDC').address
    for (const [method, params] of [
      ['eth_sendTransaction', [{ from: address, to: usdc, data: transfer }]],
      ['wallet_sendCalls', [{ version: '2.0.0', chainId: '0xa', calls: [{ to: usdc, data: transfer }] }]],
    ] as const) {
      expect(await describeApproval(wallet, method, params)).toMatchObject({
        kind: 'calls',
        sponsored: true,
        insufficientFunds: false,
      })
    }
    // Where the operator sponsors nothing, the account's own 0 ETH cannot pay the fee: the sheet says so.
    const unsponsored = { ...wallet, sponsorshipFor: () => undefined }
    expect(
      await describeApproval(unsponsored, 'eth_sendTransaction', [
        { from: address, to: usdc, data: transfer },
      ]),
    ).toMatchObject({ kind: 'calls', sponsored: false })
  }, 60_000)
})
