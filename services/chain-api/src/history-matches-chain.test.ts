import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { DEVNET_MANIFEST_FILE, type Devnet, startDevnet } from '@portico/devnet'
import { createTestClient, http, type PublicClient, parseEther } from 'viem'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import {
  devnetClients,
  manifestVia,
  PROJECT,
  type RpcForwarder,
  startRpcForwarder,
} from './chain-api-test-helpers.js'
import {
  type ChainApiServer,
  createChainApiServer,
  historyResponseSchema,
  readChainManifest,
} from './index.js'

// Not dev accounts: those also appear in the seeded tokens' mint transactions.
const RECEIVER = '0x000000000000000000000000000000000000bEEF'
const OTHER_RECEIVER = '0x000000000000000000000000000000000000cafe'
const cleanups: (() => Promise<unknown> | unknown)[] = []

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'chain-api-history-'))
  cleanups.push(() => rm(dir, { recursive: true, force: true }))
  return dir
}

/**
 * What the history tables hold that the chain does not (phantoms) and what the chain holds that they do
 * not (gaps), as `<block>:<hash>` of transactions and blocks, read block by block from the chain.
 */
async function historyDiff(server: ChainApiServer, client: PublicClient) {
  const head = Number(await client.getBlockNumber({ cacheTime: 0 }))
  const chainTxs = new Set<string>()
  const chainBlocks = new Set<string>()
  for (let n = 0; n <= head; n++) {
    const block = await client.getBlock({ blockNumber: BigInt(n) })
    chainBlocks.add(`${n}:${block.hash}`)
    for (const hash of block.transactions) chainTxs.add(`${n}:${hash}`)
  }
  const db = server.db
  const storedTxs = new Set(
    (await db.selectFrom('chain_transactions').select(['block_number', 'hash']).execute()).map(
      (row) => `${Number(row.block_number)}:${row.hash}`,
    ),
  )
  const storedBlocks = new Set(
    (await db.selectFrom('indexed_blocks').select(['number', 'hash']).execute()).map(
      (row) => `${Number(row.number)}:${row.hash}`,
    ),
  )
  const txHashes = new Set([...storedTxs].map((key) => key.split(':')[1]))
  const orphanParticipants = (
    await db.selectFrom('account_transactions').select(['block_number', 'hash']).execute()
  ).filter((row) => !storedTxs.has(`${Number(row.block_number)}:${row.hash}`))
  const orphanTransfers = (await db.selectFrom('token_transfers').select('hash').execute()).filter(
    (row) => !txHashes.has(row.hash),
  )
  return {
    head,
    phantomTransactions: [...storedTxs].filter((key) => !chainTxs.has(key)),
    missingTransactions: [...chainTxs].filter((key) => !storedTxs.has(key)),
    phantomBlocks: [...storedBlocks].filter((key) => !chainBlocks.has(key)),
    missingBlocks: [...chainBlocks].filter((key) => !storedBlocks.has(key)),
    orphanRows: orphanParticipants.length + orphanTransfers.length,
  }
}

const inSync = (head: number) => ({
  head,
  phantomTransactions: [],
  missingTransactions: [],
  phantomBlocks: [],
  missingBlocks: [],
  orphanRows: 0,
})

async function historyHashes(server: ChainApiServer, address: string) {
  const response = await server.app.inject({
    method: 'GET',
    url: `/v1/account/${address}/history?projectId=${PROJECT}&chainId=eip155:1`,
  })
  return historyResponseSchema.parse(response.json()).data.map((tx) => tx.metadata.hash)
}

function sender(rpcUrl: string, account: number) {
  const { wallet, publicClient } = devnetClients(rpcUrl, 1, account)
  const sent: `0x${string}`[] = []
  return {
    publicClient,
    sent,
    async send(count: number, to: `0x${string}`) {
      const hashes: `0x${string}`[] = []
      for (let i = 0; i < count; i++) {
        const hash = await wallet.sendTransaction({ to, value: parseEther(`0.0${sent.length + 1}`) })
        await publicClient.waitForTransactionReceipt({ hash })
        sent.push(hash)
        hashes.push(hash)
      }
      return hashes
    },
  }
}

describe('history matches the chain', () => {
  it('removes the rows of blocks a reset chain no longer holds and indexes its new blocks at those heights', async () => {
    const devnet = await startDevnet({ port: 0, chainIds: [1] })
    cleanups.push(() => devnet.stop())
    const server = await createChainApiServer({ manifest: devnet.manifest, indexer: false })
    cleanups.push(() => server.close())
    const testClient = createTestClient({ mode: 'anvil', transport: http(devnet.rpcUrl(1)) })
    const chain = sender(devnet.rpcUrl(1), 5)

    const kept = await chain.send(2, RECEIVER)
    const snapshot = await testClient.snapshot()
    const reverted = await chain.send(3, RECEIVER)
    await testClient.mine({ blocks: 5 })
    const indexedHead = (await server.indexer.catchUp())[1] ?? -1
    expect(await historyHashes(server, RECEIVER)).toEqual([...kept, ...reverted].reverse())

    // Back to an earlier state: the chain is now shorter than what was indexed.
    await testClient.revert({ id: snapshot })
    const shorterHead = Number(await chain.publicClient.getBlockNumber({ cacheTime: 0 }))
    expect(shorterHead).toBeLessThan(indexedHead)
    expect((await server.indexer.catchUp())[1]).toBe(shorterHead)
    expect(await historyDiff(server, chain.publicClient)).toEqual(inSync(shorterHead))
    expect(await historyHashes(server, RECEIVER)).toEqual([...kept].reverse())

    // New, different blocks at the heights the reverted ones had, and past them.
    const replacing = await chain.send(2, OTHER_RECEIVER)
    await testClient.mine({ blocks: 10 })
    const head = (await server.indexer.catchUp())[1] ?? -1
    expect(head).toBeGreaterThan(indexedHead)
    expect(await historyDiff(server, chain.publicClient)).toEqual(inSync(head))
    expect(await historyHashes(server, RECEIVER)).toEqual([...kept].reverse())
    expect(await historyHashes(server, OTHER_RECEIVER)).toEqual([...replacing].reverse())

    // A chain reset to a new genesis: nothing indexed before survives.
    // viem's reset() asks for a fork; the plain RPC call resets to a fresh local chain.
    await testClient.request({ method: 'anvil_reset', params: [] } as never)
    await testClient.mine({ blocks: 3 })
    const resetHead = (await server.indexer.catchUp())[1] ?? -1
    expect(await historyDiff(server, chain.publicClient)).toEqual(inSync(resetHead))
    expect(await historyHashes(server, RECEIVER)).toEqual([])
  }, 60_000)

  it('after the devnet is killed with SIGKILL, every confirmed transaction and block is still there, and history holds exactly what the chain holds', async () => {
    const dataDir = await tempDir()
    const first = await spawnDevnetProcess(dataDir)
    cleanups.push(() => first.child.kill('SIGKILL'))
    const forwarder: RpcForwarder = await startRpcForwarder(first.url)
    cleanups.push(() => forwarder.close())
    // The indexer follows the chain in the background, as in production, while the devnet dies under it.
    // The manifest the devnet process wrote to its data folder, read through the forwarder.
    const manifest = await readChainManifest(join(dataDir, DEVNET_MANIFEST_FILE))
    const server = await createChainApiServer({
      manifest: manifestVia(manifest, forwarder.url),
      indexerPollIntervalMs: 20,
    })
    cleanups.push(() => server.close())
    const rpcUrl = `${forwarder.url}/1`
    const testClient = createTestClient({ mode: 'anvil', transport: http(rpcUrl) })
    const chain = sender(rpcUrl, 6)
    const indexedUpTo = async (block: number) =>
      expect.poll(async () => (await server.indexer.progress())[1], { timeout: 10_000 }).toBe(block)

    // Killed right after the last answer, far inside the periodic save's interval: only a save made before
    // each answer keeps these.
    const confirmed = await chain.send(5, RECEIVER)
    await testClient.mine({ blocks: 4 })
    const headBeforeKill = Number(await chain.publicClient.getBlockNumber({ cacheTime: 0 }))
    await indexedUpTo(headBeforeKill)
    first.child.kill('SIGKILL')
    await new Promise((resolve) => first.child.once('exit', resolve))

    const devnet: Devnet = await startDevnet({ port: 0, chainIds: [1], dataDir })
    cleanups.push(() => devnet.stop())
    forwarder.setUpstream(devnet.url)
    expect(Number(await chain.publicClient.getBlockNumber({ cacheTime: 0 }))).toBe(headBeforeKill)
    for (const hash of confirmed) {
      expect((await chain.publicClient.getTransactionReceipt({ hash })).status).toBe('success')
    }

    // The chain moves on from where it was, and the history follows it.
    const after = await chain.send(3, OTHER_RECEIVER)
    await testClient.mine({ blocks: 5 })
    const head = (await server.indexer.catchUp())[1] ?? -1
    expect(head).toBe(headBeforeKill + 3 + 5)
    expect(await historyDiff(server, chain.publicClient)).toEqual(inSync(head))
    expect(await historyHashes(server, RECEIVER)).toEqual([...confirmed].reverse())
    expect(await historyHashes(server, OTHER_RECEIVER)).toEqual([...after].reverse())
  }, 60_000)
})

const devnetProcessScript = fileURLToPath(new URL('./devnet-test-process.ts', import.meta.url))

async function spawnDevnetProcess(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    ['--conditions=portico:source', '--import', 'tsx', devnetProcessScript, dataDir],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`devnet process exited with code ${code}`)))
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', (line) =>
      resolve((JSON.parse(line) as { url: string }).url),
    )
  })
  return { child, url }
}
