import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BundlerServer, createBundlerServer, DEFAULT_ENTRY_POINTS } from '@portico/bundler'
import {
  type Devnet,
  devnetServiceKey,
  ENTRY_POINT_07_ADDRESS,
  ENTRY_POINT_08_ADDRESS,
  startDevnet,
  VERIFYING_PAYMASTER_ADDRESS,
} from '@portico/devnet'
import { type Address, createPublicClient, type Hex, http, numberToHex } from 'viem'
import {
  createBundlerClient,
  createPaymasterClient,
  formatUserOperationRequest,
  toSimple7702SmartAccount,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPaymasterServer, type PaymasterServer } from './create-paymaster-server.js'
import type { SponsorshipPolicy } from './sponsorship-policy.js'

const ALPHA = 'https://alpha.example'
const policy: SponsorshipPolicy = {
  projects: {
    alpha: {
      name: 'Alpha dApp',
      origins: [ALPHA],
      chains: { '10': { maxOpsPerDay: 3, maxWeiPerDay: 10n ** 18n } },
    },
    beta: {
      name: 'Beta',
      origins: ['https://beta.example'],
      chains: { '10': { maxOpsPerDay: 5, maxWeiPerDay: 1n } },
    },
  },
}
let dataDir: string
let devnet: Devnet
let bundler: BundlerServer
let paymaster: PaymasterServer
let bundlerUrl: string
let paymasterUrl: string

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'portico-paymaster-test-'))
  devnet = await startDevnet({ port: 0, dataDir, chainIds: [10, 8453] })
  const chains = devnet.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl }))
  bundler = await createBundlerServer({
    host: '127.0.0.1',
    chains,
    entryPoints: DEFAULT_ENTRY_POINTS,
    executorPrivateKey: devnetServiceKey('bundlerExecutor'),
  })
  bundlerUrl = await bundler.app.listen({ host: '127.0.0.1', port: 0 })
  paymaster = await createPaymasterServer({
    chains,
    paymasterAddress: VERIFYING_PAYMASTER_ADDRESS,
    entryPoint: ENTRY_POINT_08_ADDRESS,
    signerPrivateKey: devnetServiceKey('paymasterSigner'),
    policy,
  })
  paymasterUrl = await paymaster.app.listen({ host: '127.0.0.1', port: 0 })
}, 120_000)
afterAll(async () => {
  await paymaster?.close()
  await bundler?.close()
  await devnet?.stop()
  await rm(dataDir, { recursive: true, force: true })
})

const chain = (chainId: number) => ({
  id: chainId,
  name: `devnet-${chainId}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [devnet.rpcUrl(chainId)] } },
})

/** A fresh EOA with no ETH at all, as an EIP-7702 Simple7702Account, with clients for chain 10. */
async function emptyAccount(projectId = 'alpha', origin = ALPHA) {
  const client = createPublicClient({ chain: chain(10), transport: http(), pollingInterval: 50 })
  const owner = privateKeyToAccount(generatePrivateKey())
  const account = await toSimple7702SmartAccount({ client, owner })
  const paymasterClient = createPaymasterClient({
    transport: http(`${paymasterUrl}/${projectId}`, { fetchOptions: { headers: { origin } } }),
  })
  const bundlerClient = createBundlerClient({
    client,
    account,
    paymaster: paymasterClient,
    transport: http(`${bundlerUrl}/10`),
    pollingInterval: 100,
  })
  const authorization = await owner.signAuthorization({
    address: account.authorization.address,
    chainId: 10,
    nonce: 0,
  })
  return { client, owner, account, bundlerClient, authorization }
}

/** A raw ERC-7677 call, to see the refusals exactly. */
async function pm(projectId: string, method: string, params: unknown[], origin = ALPHA) {
  const response = await fetch(`${paymasterUrl}/${projectId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return (await response.json()) as {
    result?: Record<string, unknown>
    error?: { code: number; message: string; data?: { reason: string } }
  }
}

const someOperation = (sender: Address) => ({
  sender,
  nonce: '0x0',
  callData: '0x',
  callGasLimit: '0x10000',
  verificationGasLimit: '0x10000',
  preVerificationGas: '0x10000',
  maxFeePerGas: numberToHex(2_000_000_000n),
  maxPriorityFeePerGas: numberToHex(1_000_000_000n),
})

describe('the ERC-7677 paymaster on a devnet chain', () => {
  it('sponsors a batch from an account with 0 ETH, sent through the bundler, to its receipt', async () => {
    const { client, owner, bundlerClient, authorization } = await emptyAccount()
    expect(await client.getBalance({ address: owner.address })).toBe(0n)
    const [first, second] = [
      privateKeyToAccount(generatePrivateKey()).address,
      privateKeyToAccount(generatePrivateKey()).address,
    ]
    const hash = await bundlerClient.sendUserOperation({
      calls: [
        { to: first, data: '0x' },
        { to: second, data: '0x1234' },
      ],
      authorization,
    })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, timeout: 60_000 })
    expect(receipt.success).toBe(true)
    expect(receipt.paymaster).toBe(VERIFYING_PAYMASTER_ADDRESS)
    expect(await client.getBalance({ address: owner.address })).toBe(0n)
    expect((await paymaster.budget.usage('alpha', 10)).ops).toBe(1)
    expect((await paymaster.budget.usage('alpha', 10)).wei).toBeGreaterThan(receipt.actualGasCost)
  }, 120_000)

  it('refuses an operation altered after the paymaster signed it', async () => {
    const { account, bundlerClient, authorization } = await emptyAccount()
    const prepared = await bundlerClient.prepareUserOperation({
      calls: [{ to: privateKeyToAccount(generatePrivateKey()).address, value: 0n }],
      authorization,
    })
    // The sponsored operation was a no-op call; the one sent moves the callData elsewhere.
    const altered = {
      ...prepared,
      callData: await account.encodeCalls([{ to: account.address, value: 0n, data: '0xdeadbeef' }]),
    }
    const signature = await account.signUserOperation(altered)
    await expect(
      bundlerClient.request({
        method: 'eth_sendUserOperation',
        params: [formatUserOperationRequest({ ...altered, signature }), ENTRY_POINT_08_ADDRESS],
      }),
    ).rejects.toThrow(/AA34/)
  }, 120_000)

  it('refuses another project’s id, unknown projects, chains outside the policy and other entry points', async () => {
    const sender = privateKeyToAccount(generatePrivateKey()).address
    const op = someOperation(sender)
    const params = (chainId: number, entryPoint: Hex = ENTRY_POINT_08_ADDRESS) => [
      op,
      entryPoint,
      numberToHex(chainId),
      {},
    ]
    expect((await pm('beta', 'pm_getPaymasterData', params(10))).error).toMatchObject({
      code: -32001,
      data: { reason: 'origin-not-allowed' },
    })
    expect((await pm('gamma', 'pm_getPaymasterStubData', params(10))).error?.data?.reason).toBe(
      'unknown-project',
    )
    expect((await pm('alpha', 'pm_getPaymasterData', params(8453))).error?.data?.reason).toBe(
      'chain-not-sponsored',
    )
    expect(
      (await pm('alpha', 'pm_getPaymasterData', params(10, ENTRY_POINT_07_ADDRESS))).error?.data?.reason,
    ).toBe('entry-point-not-supported')
    expect(
      (await pm('alpha', 'pm_getPaymasterData', [{ ...op, sender: 'me' }, ENTRY_POINT_08_ADDRESS, '0xa']))
        .error,
    ).toMatchObject({
      code: -32602,
    })
    expect((await pm('alpha', 'eth_sendTransaction', [])).error?.code).toBe(-32601)
  })

  it('stops at the project’s daily operations and daily amount on a chain', async () => {
    const op = someOperation(privateKeyToAccount(generatePrivateKey()).address)
    const params = [op, ENTRY_POINT_08_ADDRESS, '0xa', {}]
    // beta may spend 1 wei a day: no operation fits.
    expect(
      (await pm('beta', 'pm_getPaymasterData', params, 'https://beta.example')).error?.data?.reason,
    ).toBe('daily-amount-spent')
    // alpha has 3 a day; earlier tests of this file spent some, the rest go here.
    const answers = []
    for (let i = (await paymaster.budget.usage('alpha', 10)).ops; i < 4; i++)
      answers.push(await pm('alpha', 'pm_getPaymasterData', params))
    expect(answers.at(-2)?.result?.paymaster).toBe(VERIFYING_PAYMASTER_ADDRESS)
    expect(answers.at(-1)?.error).toMatchObject({ code: -32001, data: { reason: 'daily-operations-spent' } })
    // The stub is not counted and still answers (a wallet may estimate), but the signature is refused.
    expect((await pm('alpha', 'pm_getPaymasterStubData', params)).result?.sponsor).toEqual({
      name: 'Alpha dApp',
    })
  })
})
