import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Devnet, devAccount, devnetServiceKey, startDevnet } from '@portico/devnet'
import { type Address, createPublicClient, createWalletClient, http, parseEther } from 'viem'
import { createBundlerClient, toSimple7702SmartAccount } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_ENTRY_POINTS } from './bundler-config.js'
import { type BundlerServer, createBundlerServer } from './create-bundler-server.js'

const CHAIN_ID = 10
let dataDir: string
let devnet: Devnet
let bundler: BundlerServer
let bundlerUrl: string
const lines: string[] = []

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'portico-bundler-test-'))
  devnet = await startDevnet({ port: 0, dataDir, chainIds: [CHAIN_ID] })
  bundler = await createBundlerServer({
    host: '127.0.0.1',
    chains: [{ chainId: CHAIN_ID, rpcUrl: devnet.rpcUrl(CHAIN_ID) }],
    entryPoints: DEFAULT_ENTRY_POINTS,
    executorPrivateKey: devnetServiceKey('bundlerExecutor'),
    log: (line) => lines.push(line),
  })
  bundlerUrl = await bundler.app.listen({ host: '127.0.0.1', port: 0 })
}, 120_000)
afterAll(async () => {
  await bundler?.close()
  await devnet?.stop()
  await rm(dataDir, { recursive: true, force: true })
})

const rpc = async (path: string, method: string, params: unknown[] = []) => {
  const response = await fetch(`${bundlerUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

function chainClients() {
  const chain = {
    id: CHAIN_ID,
    name: 'devnet-10',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [devnet.rpcUrl(CHAIN_ID)] } },
  }
  return { chain, client: createPublicClient({ chain, transport: http(), pollingInterval: 50 }) }
}

describe('the bundler front over alto', () => {
  it('runs an EIP-7702 user operation through alto and EntryPoint v0.8 to its receipt', async () => {
    const { chain, client } = chainClients()
    const owner = privateKeyToAccount(generatePrivateKey())
    const funder = createWalletClient({ chain, transport: http(), account: devAccount(1) })
    await client.waitForTransactionReceipt({
      hash: await funder.sendTransaction({ to: owner.address, value: parseEther('1') }),
    })
    const account = await toSimple7702SmartAccount({ client, owner })
    const bundlerClient = createBundlerClient({
      client,
      account,
      transport: http(`${bundlerUrl}/${CHAIN_ID}`),
      pollingInterval: 100,
    })
    // The authorization rides in the user operation: the bundler's transaction delegates the EOA.
    const authorization = await owner.signAuthorization({
      address: account.authorization.address,
      chainId: CHAIN_ID,
      nonce: await client.getTransactionCount({ address: owner.address }),
    })
    const recipient: Address = privateKeyToAccount(generatePrivateKey()).address
    const hash = await bundlerClient.sendUserOperation({
      calls: [{ to: recipient, value: 12_345n }],
      authorization,
    })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, timeout: 60_000 })
    expect(receipt.success).toBe(true)
    expect(receipt.sender).toBe(owner.address)
    expect(await client.getBalance({ address: recipient })).toBe(12_345n)
    expect(bundler.running()).toEqual([CHAIN_ID])
  }, 120_000)

  it('lists its entry points and refuses alto’s private methods, other chains and batches', async () => {
    expect((await rpc(`/${CHAIN_ID}`, 'eth_supportedEntryPoints')).body.result).toEqual(DEFAULT_ENTRY_POINTS)
    expect(await rpc(`/${CHAIN_ID}`, 'debug_bundler_clearState')).toMatchObject({
      status: 200,
      body: {
        id: 7,
        error: { code: -32601, message: 'the bundler does not offer debug_bundler_clearState' },
      },
    })
    expect(await rpc('/8453', 'eth_supportedEntryPoints')).toMatchObject({
      status: 404,
      body: { error: { code: -32002, message: 'no bundler for chain 8453' } },
    })
    const batch = await fetch(`${bundlerUrl}/${CHAIN_ID}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }]),
    })
    expect(batch.status).toBe(400)
  })
})
