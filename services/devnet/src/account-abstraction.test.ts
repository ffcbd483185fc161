import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type Address,
  concat,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  keccak256,
  parseAbi,
  parseEther,
  parseEventLogs,
  size,
} from 'viem'
import {
  entryPoint08Abi,
  toPackedUserOperation,
  toSimple7702SmartAccount,
  type UserOperation,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ACCOUNT_ABSTRACTION_CONTRACTS,
  ENTRY_POINT_07_ADDRESS,
  ENTRY_POINT_08_ADDRESS,
  SIMPLE_7702_ACCOUNT_ADDRESS,
} from './account-abstraction-contracts.js'
import { ACCOUNT_ABSTRACTION_DEPLOYMENTS } from './deploy-account-abstraction.js'
import { DEV_ACCOUNTS } from './dev-accounts.js'
import { devToken } from './dev-tokens.js'
import { type Devnet, startDevnet } from './start-devnet.js'

/** The calls Simple7702Account v0.8 takes (BaseAccount's `Call` struct), as a wallet encodes them. */
const simple7702AccountAbi = parseAbi([
  'struct Call { address target; uint256 value; bytes data; }',
  'function execute(address target, uint256 value, bytes data)',
  'function executeBatch(Call[] calls)',
  'function entryPoint() view returns (address)',
])
const entryPointAbi = parseAbi([
  'function getNonce(address sender, uint192 key) view returns (uint256)',
  'function senderCreator() view returns (address)',
  'function eip712Domain() view returns (bytes1 fields, string name, string version, uint256 chainId, address verifyingContract, bytes32 salt, uint256[] extensions)',
])

const require = createRequire(import.meta.url)
const chainIds = [10, 8453]
const USDC = devToken('USDC').address
const DEPLOYED = ACCOUNT_ABSTRACTION_DEPLOYMENTS.map(({ address }) => address)

let dataDir: string
let devnet: Devnet
const lines: string[] = []

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'portico-devnet-aa-test-'))
  devnet = await startDevnet({ port: 0, dataDir, chainIds, log: (line) => lines.push(line) })
})
afterAll(async () => {
  await devnet?.stop()
  await rm(dataDir, { recursive: true, force: true })
})

function clientsFor(chainId: number) {
  const url = devnet.rpcUrl(chainId)
  const chain = {
    id: chainId,
    name: `devnet-${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  }
  const transport = http(url, { retryCount: 0 })
  return {
    publicClient: createPublicClient({ chain, transport, pollingInterval: 20 }),
    /** A wallet of a fresh key, and one of a dev account (unlocked on anvil). */
    wallet: (account: ReturnType<typeof privateKeyToAccount> | Address) =>
      createWalletClient({ chain, transport, account }),
  }
}

/** A fresh EOA given 1 ETH and 1,000 USDC by dev account 1. */
async function fundedEoa(chainId: number) {
  const { publicClient, wallet } = clientsFor(chainId)
  const eoa = privateKeyToAccount(generatePrivateKey())
  const funder = wallet(DEV_ACCOUNTS[1])
  await funder.sendTransaction({ to: eoa.address, value: parseEther('1') })
  const hash = await funder.writeContract({
    address: USDC,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [eoa.address, 1_000_000_000n],
  })
  await publicClient.waitForTransactionReceipt({ hash })
  return eoa
}

/** Bytes of code at each deployed contract (printing the code itself would drown a failure). */
async function codeSizes(chainId: number): Promise<number[]> {
  const { publicClient } = clientsFor(chainId)
  const codes = await Promise.all(DEPLOYED.map((address) => publicClient.getCode({ address })))
  return codes.map((code) => size(code ?? '0x'))
}

async function codeHashes(chainId: number): Promise<Hex[]> {
  const { publicClient } = clientsFor(chainId)
  const codes = await Promise.all(DEPLOYED.map((address) => publicClient.getCode({ address })))
  return codes.map((code) => keccak256(code ?? '0x'))
}

const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

const batch = (calls: { target: Address; value: bigint; data: Hex }[]) =>
  encodeFunctionData({ abi: simple7702AccountAbi, functionName: 'executeBatch', args: [calls] })

const erc20Call = (
  functionName: 'approve' | 'transfer',
  to: Address,
  amount: bigint,
): { target: Address; value: bigint; data: Hex } => ({
  target: USDC,
  value: 0n,
  data: encodeFunctionData({ abi: erc20Abi, functionName, args: [to, amount] }),
})

describe('the smart-account contracts on the devnet', () => {
  it('are deployed at their public-chain addresses on every chain, and work', async () => {
    for (const chainId of chainIds) {
      const { publicClient } = clientsFor(chainId)
      // The packages' runtime code, in size (EntryPoint's immutables are filled in at deployment).
      expect(await codeSizes(chainId)).toEqual(
        ACCOUNT_ABSTRACTION_DEPLOYMENTS.map(({ artifact }) =>
          size((require(artifact) as { deployedBytecode: Hex }).deployedBytecode),
        ),
      )
      const read = <T>(
        address: Address,
        abi: typeof entryPointAbi | typeof simple7702AccountAbi,
        name: string,
      ) => publicClient.readContract({ address, abi, functionName: name, args: [] } as never) as Promise<T>
      expect(await read<Address>(SIMPLE_7702_ACCOUNT_ADDRESS, simple7702AccountAbi, 'entryPoint')).toBe(
        ENTRY_POINT_08_ADDRESS,
      )
      // EntryPoint v0.8 made its SenderCreator in its constructor and signs user operations for this chain.
      const senderCreator = await read<Address>(ENTRY_POINT_08_ADDRESS, entryPointAbi, 'senderCreator')
      expect(await publicClient.getCode({ address: senderCreator })).not.toBe(undefined)
      const [, name, version, domainChainId] = await read<readonly [Hex, string, string, bigint]>(
        ENTRY_POINT_08_ADDRESS,
        entryPointAbi,
        'eip712Domain',
      )
      expect([name, version, domainChainId]).toEqual(['ERC4337', '1', BigInt(chainId)])
      for (const entryPoint of [ENTRY_POINT_08_ADDRESS, ENTRY_POINT_07_ADDRESS]) {
        expect(
          await publicClient.readContract({
            address: entryPoint,
            abi: entryPointAbi,
            functionName: 'getNonce',
            args: [DEV_ACCOUNTS[0], 0n],
          }),
        ).toBe(0n)
      }
      expect(devnet.manifest.chains.find((chain) => chain.chainId === chainId)?.accountAbstraction).toEqual(
        ACCOUNT_ABSTRACTION_CONTRACTS,
      )
    }
    expect(lines.join('\n')).toMatch(
      /chain 10 ready .*deployed EntryPoint v0\.8, Simple7702Account, EntryPoint v0\.7/,
    )
  })

  it('lets an EOA delegate to Simple7702Account and batch an approve and a transfer in one transaction', async () => {
    const { publicClient, wallet } = clientsFor(10)
    const eoa = await fundedEoa(10)
    const eoaWallet = wallet(eoa)
    const [spender, recipient] = [freshAddress(), freshAddress()]

    // The EOA sends the transaction itself, so the authorization takes the nonce after the transaction's.
    const authorization = await eoaWallet.signAuthorization({
      contractAddress: SIMPLE_7702_ACCOUNT_ADDRESS,
      executor: 'self',
    })
    const hash = await eoaWallet.sendTransaction({
      to: eoa.address,
      data: batch([erc20Call('approve', spender, 500_000n), erc20Call('transfer', recipient, 250_000n)]),
      authorizationList: [authorization],
    })
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    expect([receipt.status, receipt.type]).toEqual(['success', 'eip7702'])
    expect(
      await publicClient.readContract({
        address: USDC,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [eoa.address, spender],
      }),
    ).toBe(500_000n)
    expect(
      await publicClient.readContract({
        address: USDC,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [recipient],
      }),
    ).toBe(250_000n)
    // The EIP-7702 delegation designator: 0xef0100 followed by the implementation's address.
    expect(await publicClient.getCode({ address: eoa.address })).toBe(
      concat(['0xef0100', SIMPLE_7702_ACCOUNT_ADDRESS]).toLowerCase(),
    )

    // Delegated once, the EOA batches with a plain transaction to itself.
    const [first, second] = [freshAddress(), freshAddress()]
    const plain = await eoaWallet.sendTransaction({
      to: eoa.address,
      data: batch([
        { target: first, value: 1_000n, data: '0x' },
        { target: second, value: 2_000n, data: '0x' },
      ]),
    })
    const plainReceipt = await publicClient.waitForTransactionReceipt({ hash: plain })
    expect([plainReceipt.status, plainReceipt.type]).toEqual(['success', 'eip1559'])
    expect(await publicClient.getBalance({ address: first })).toBe(1_000n)
    expect(await publicClient.getBalance({ address: second })).toBe(2_000n)

    // Anyone else calling the account is refused: only the account itself or EntryPoint v0.8 may.
    const thief = freshAddress()
    const stealing = {
      address: eoa.address,
      abi: simple7702AccountAbi,
      functionName: 'executeBatch',
      args: [[erc20Call('transfer', thief, 1n), { target: thief, value: 1n, data: '0x' as Hex }]],
    } as const
    await expect(publicClient.simulateContract({ ...stealing, account: DEV_ACCOUNTS[2] })).rejects.toThrow(
      /not from self or EntryPoint/,
    )
    const attempt = await wallet(DEV_ACCOUNTS[2]).writeContract({ ...stealing, gas: 300_000n })
    expect((await publicClient.waitForTransactionReceipt({ hash: attempt })).status).toBe('reverted')
    expect(await publicClient.getBalance({ address: thief })).toBe(0n)
    expect(
      await publicClient.readContract({
        address: USDC,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [thief],
      }),
    ).toBe(0n)
  })

  it('runs a user operation of a delegated EOA through EntryPoint v0.8, signed as viem signs it', async () => {
    const { publicClient, wallet } = clientsFor(10)
    const eoa = await fundedEoa(10)
    const eoaWallet = wallet(eoa)
    const delegated = await eoaWallet.sendTransaction({
      to: eoa.address,
      authorizationList: [
        await eoaWallet.signAuthorization({ contractAddress: SIMPLE_7702_ACCOUNT_ADDRESS, executor: 'self' }),
      ],
    })
    expect((await publicClient.waitForTransactionReceipt({ hash: delegated })).status).toBe('success')

    const account = await toSimple7702SmartAccount({ client: publicClient, owner: eoa })
    const recipient = freshAddress()
    const fees = await publicClient.estimateFeesPerGas()
    const userOperation = {
      sender: eoa.address,
      nonce: await account.getNonce(),
      callData: await account.encodeCalls([
        { to: USDC, data: erc20Call('transfer', recipient, 7n).data },
        { to: recipient, value: 5n },
      ]),
      callGasLimit: 200_000n,
      verificationGasLimit: 200_000n,
      preVerificationGas: 50_000n,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      signature: await account.getStubSignature(),
    } satisfies UserOperation<'0.8'>
    const signature = await account.signUserOperation(userOperation)
    // A dev account bundles it; the EOA pays the EntryPoint from its own ether.
    const hash = await wallet(DEV_ACCOUNTS[3]).writeContract({
      address: ENTRY_POINT_08_ADDRESS,
      abi: entryPoint08Abi,
      functionName: 'handleOps',
      args: [[toPackedUserOperation({ ...userOperation, signature })], DEV_ACCOUNTS[3]],
    })
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    const [event] = parseEventLogs({
      abi: entryPoint08Abi,
      logs: receipt.logs,
      eventName: 'UserOperationEvent',
    })
    expect(event?.args).toMatchObject({ sender: eoa.address, success: true })
    expect(await publicClient.getBalance({ address: recipient })).toBe(5n)
    expect(
      await publicClient.readContract({
        address: USDC,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [recipient],
      }),
    ).toBe(7n)
  })

  it('keeps the contracts and a delegation across a restart from the saved state', async () => {
    const { publicClient, wallet } = clientsFor(8453)
    const eoa = await fundedEoa(8453)
    const eoaWallet = wallet(eoa)
    const delegated = await eoaWallet.sendTransaction({
      to: eoa.address,
      authorizationList: [
        await eoaWallet.signAuthorization({ contractAddress: SIMPLE_7702_ACCOUNT_ADDRESS, executor: 'self' }),
      ],
    })
    expect((await publicClient.waitForTransactionReceipt({ hash: delegated })).status).toBe('success')
    const codesBefore = await codeHashes(8453)
    await devnet.stop()

    lines.length = 0
    devnet = await startDevnet({ port: 0, dataDir, chainIds, log: (line) => lines.push(line) })
    expect(lines.join('\n')).toMatch(
      /chain 8453 ready .*restored EntryPoint v0\.8, Simple7702Account, EntryPoint v0\.7/,
    )
    const after = clientsFor(8453)
    expect(await codeHashes(8453)).toEqual(codesBefore)
    expect(await after.publicClient.getCode({ address: eoa.address })).toBe(
      concat(['0xef0100', SIMPLE_7702_ACCOUNT_ADDRESS]).toLowerCase(),
    )
    const recipient = freshAddress()
    const hash = await after.wallet(eoa).sendTransaction({
      to: eoa.address,
      data: batch([erc20Call('transfer', recipient, 1n), erc20Call('transfer', recipient, 2n)]),
    })
    expect((await after.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(
      await after.publicClient.readContract({
        address: USDC,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [recipient],
      }),
    ).toBe(3n)
  })
})
