import { devAccount, devToken } from '@portico/devnet'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  parseEther,
  parseUnits,
} from 'viem'
import {
  createBundlerClient,
  createPaymasterClient,
  toSimple7702SmartAccount,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { startSponsoredDevnet } from '../src/start-sponsored-devnet.js'

// Gas of the same two calls (USDC approve + USDC transfer) sent as two EOA transactions and as one
// sponsored user operation (Simple7702Account, EntryPoint v0.8, the verifying paymaster) on the devnet.
// `npx tsx --conditions=portico:source services/paymaster/bench/batch-gas.ts`; numbers in docs/performance.md.

const CHAIN_ID = 10
const USDC = devToken('USDC').address
/** approve + transfer to addresses never used before, so every run writes the same fresh storage slots. */
const freshCalls = () => {
  const spender = privateKeyToAccount(generatePrivateKey()).address
  const recipient = privateKeyToAccount(generatePrivateKey()).address
  return [
    {
      to: USDC,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [spender, parseUnits('3', 6)],
      }),
    },
    {
      to: USDC,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [recipient, parseUnits('1', 6)],
      }),
    },
  ]
}

const stack = await startSponsoredDevnet({
  name: 'batch-gas',
  chainId: CHAIN_ID,
  projectId: 'bench',
  budget: { maxOpsPerDay: 100, maxWeiPerDay: parseEther('1') },
})
const { bundlerUrl, paymasterUrl } = stack
const rpcUrl = stack.devnet.rpcUrl(CHAIN_ID)
const chain = defineChain({
  id: CHAIN_ID,
  name: 'devnet-10',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [rpcUrl] } },
})
const client = createPublicClient({ chain, transport: http(), pollingInterval: 50 })
const funder = createWalletClient({ chain, transport: http(), account: devAccount(9) })

async function fund(to: Address, eth: bigint) {
  const hashes: Hex[] = [
    await funder.writeContract({
      address: USDC,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to, parseUnits('10', 6)],
    }),
  ]
  if (eth > 0n) hashes.push(await funder.sendTransaction({ to, value: eth }))
  for (const hash of hashes) await client.waitForTransactionReceipt({ hash })
}

async function eoaTransactions(): Promise<bigint[]> {
  const owner = privateKeyToAccount(generatePrivateKey())
  await fund(owner.address, parseEther('1'))
  const wallet = createWalletClient({ chain, transport: http(), account: owner })
  const used: bigint[] = []
  for (const call of freshCalls()) {
    const receipt = await client.waitForTransactionReceipt({ hash: await wallet.sendTransaction(call) })
    used.push(receipt.gasUsed)
  }
  return used
}

/** Two sponsored batches from one fresh account: the first carries its EIP-7702 authorization. */
async function sponsoredBatches() {
  const owner = privateKeyToAccount(generatePrivateKey())
  await fund(owner.address, 0n)
  const account = await toSimple7702SmartAccount({ client, owner })
  const bundlerClient = createBundlerClient({
    client,
    account,
    paymaster: createPaymasterClient({ transport: http(paymasterUrl) }),
    transport: http(bundlerUrl),
    pollingInterval: 100,
  })
  const results = []
  for (const first of [true, false]) {
    const authorization = first
      ? await owner.signAuthorization({ address: account.authorization.address, chainId: CHAIN_ID, nonce: 0 })
      : undefined
    const hash = await bundlerClient.sendUserOperation({
      calls: freshCalls(),
      ...(authorization ? { authorization } : {}),
    })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, timeout: 60_000 })
    if (!receipt.success) throw new Error('the sponsored batch failed')
    results.push({
      first,
      operationGasUsed: receipt.actualGasUsed,
      bundleGasUsed: receipt.receipt.gasUsed,
      ethLeft: await client.getBalance({ address: owner.address }),
    })
  }
  return results
}

try {
  const eoa = await eoaTransactions()
  const batches = await sponsoredBatches()
  console.log(
    JSON.stringify(
      { eoa: eoa.map(String), eoaTotal: String(eoa.reduce((sum, gas) => sum + gas, 0n)), batches },
      (_, v) => (typeof v === 'bigint' ? String(v) : v),
      2,
    ),
  )
} finally {
  await stack.stop()
}
