import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEV_ACCOUNTS, type Devnet, startDevnet } from '@portico/devnet'
import { sql } from 'kysely'
import { createTestClient, http, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetClients, PROJECT } from './chain-api-test-helpers.js'
import { type ChainApiServer, createChainApiServer, historyResponseSchema } from './index.js'

const RECEIVER = DEV_ACCOUNTS[7]

let devnet: Devnet
let dataDir: string

beforeAll(async () => {
  devnet = await startDevnet({ port: 0, chainIds: [1] })
  dataDir = await mkdtemp(join(tmpdir(), 'chain-api-restart-'))
})

afterAll(async () => {
  await devnet?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

const open = () => createChainApiServer({ manifest: devnet.manifest, dataDir, indexerPollIntervalMs: 20 })

async function counts(server: ChainApiServer) {
  const { rows } = await sql<{
    transactions: number
    distinct_hashes: number
    transfers: number
    participants: number
  }>`
    select (select count(*)::int from chain_transactions) as transactions,
           (select count(distinct hash)::int from chain_transactions) as distinct_hashes,
           (select count(*)::int from token_transfers) as transfers,
           (select count(*)::int from account_transactions) as participants`.execute(server.db)
  return rows[0]
}

describe('indexer restart', () => {
  it('resumes from its stored block after a restart, with no gap and no duplicate', async () => {
    const { wallet, publicClient } = devnetClients(devnet.rpcUrl(1), 1, 6)
    const testClient = createTestClient({ mode: 'anvil', transport: http(devnet.rpcUrl(1)) })
    const sent: `0x${string}`[] = []
    const send = async (count: number) => {
      for (let i = 0; i < count; i++) {
        const hash = await wallet.sendTransaction({
          to: RECEIVER,
          value: parseEther(`0.00${sent.length + 1}`),
        })
        await publicClient.waitForTransactionReceipt({ hash })
        sent.push(hash)
      }
    }

    const first = await open()
    await send(3)
    await first.indexer.catchUp()
    const stoppedAt = (await first.indexer.progress())[1] ?? -1
    await first.close()

    // Blocks keep coming while the service is down: transfers, then empty blocks, then more transfers.
    await send(3)
    await testClient.mine({ blocks: 25 })
    await send(2)
    const head = Number(await publicClient.getBlockNumber({ cacheTime: 0 }))
    expect(head).toBeGreaterThan(stoppedAt + 25)

    const second = await open()
    try {
      expect((await second.indexer.progress())[1]).toBe(stoppedAt)
      expect((await second.indexer.catchUp())[1]).toBe(head)

      // Every transaction of every block 0..head is stored exactly once.
      let onChain = 0
      for (let n = 0; n <= head; n++)
        onChain += await publicClient.getBlockTransactionCount({ blockNumber: BigInt(n) })
      const stored = await counts(second)
      expect(stored?.transactions).toBe(onChain)
      expect(stored?.distinct_hashes).toBe(onChain)

      const response = await second.app.inject({
        method: 'GET',
        url: `/v1/account/${RECEIVER}/history?projectId=${PROJECT}&chainId=eip155:1`,
      })
      const history = historyResponseSchema.parse(response.json())
      expect(history.data.slice(0, 8).map((tx) => tx.metadata.hash)).toEqual([...sent].reverse())
      expect(history.data.slice(0, 8).map((tx) => tx.transfers[0]?.quantity.numeric)).toEqual([
        '0.008',
        '0.007',
        '0.006',
        '0.005',
        '0.004',
        '0.003',
        '0.002',
        '0.001',
      ])

      // Indexing the same blocks again (progress rewound) adds nothing: inserts are keyed and idempotent.
      await second.db.updateTable('indexer_progress').set({ last_block: 0 }).execute()
      expect((await second.indexer.catchUp())[1]).toBe(head)
      expect(await counts(second)).toEqual(stored)
    } finally {
      await second.close()
    }
  })
})
