import { createTestSchema, testDatabaseUrl } from '@portico/database'
import { DEV_ACCOUNTS, type Devnet, startDevnet } from '@portico/devnet'
import { parseEther } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { devnetClients, PROJECT } from './chain-api-test-helpers.js'
import { createChainApiServer, historyResponseSchema } from './index.js'

// The scaled-out mode against the real PostgreSQL (PORTICO_TEST_DATABASE_URL; unset, npm test says it did not run).
const db = createTestSchema('chain_api_test', testDatabaseUrl)
const { databaseUrl, admin } = db
let devnet: Devnet | undefined

afterAll(async () => {
  await devnet?.stop()
  await db.drop()
})

describe.skipIf(!testDatabaseUrl)('PostgreSQL (DATABASE_URL)', () => {
  it('runs the same migrations (two replicas at once), indexes into Postgres and answers history from it', async () => {
    await db.create()
    devnet = await startDevnet({ port: 0, chainIds: [1] })
    const { wallet, publicClient } = devnetClients(devnet.rpcUrl(1), 1, 8)
    const hash = await wallet.sendTransaction({ to: DEV_ACCOUNTS[1], value: parseEther('2') })
    await publicClient.waitForTransactionReceipt({ hash })

    const replicas = await Promise.all([
      createChainApiServer({ manifest: devnet.manifest, databaseUrl, indexer: false }),
      createChainApiServer({ manifest: devnet.manifest, databaseUrl, indexer: false }),
    ])
    try {
      const tables = await admin.query(
        'select table_name from information_schema.tables where table_schema = $1 order by table_name',
        [db.name],
      )
      expect(tables.rows.map((row) => row.table_name)).toEqual([
        'account_transactions',
        'chain_api_migrations',
        'chain_api_migrations_lock',
        'chain_transactions',
        'indexed_blocks',
        'indexer_progress',
        'name_addresses',
        'names',
        'onramp_purchases',
        'token_transfers',
        'used_name_messages',
      ])

      // Both replicas index the same blocks at once: keyed inserts leave one copy.
      await Promise.all(replicas.map((replica) => replica.indexer.catchUp()))
      const stored = await admin.query(
        `select count(*)::int as n, count(distinct hash)::int as d from ${db.name}.chain_transactions`,
      )
      expect(stored.rows[0].n).toBe(stored.rows[0].d)
      // 9 deployments (4 tokens, WETH9, factory, Router02, fee router, Multicall3), 3 smart-account
      // deployments (EntryPoint v0.8 and v0.7, Simple7702Account), the verifying paymaster's deployment and
      // EntryPoint deposit, the bundler executor's top-up, 13 pool-seeding transactions, the smart-account
      // factory's deployment, the transfer.
      expect(stored.rows[0].n).toBe(30)

      const response = await replicas[1]?.app.inject({
        method: 'GET',
        url: `/v1/account/${DEV_ACCOUNTS[8]}/history?projectId=${PROJECT}&chainId=1`,
      })
      const history = historyResponseSchema.parse(response?.json())
      expect(history.data[0]?.metadata).toMatchObject({ hash, operationType: 'send', nonce: 0 })
      expect(history.data[0]?.transfers[0]).toMatchObject({ direction: 'out', quantity: { numeric: '2' } })
      // Priced by the ETH/USDC pool, which opens at 3,000.
      expect(history.data[0]?.transfers[0]?.value).toBeCloseTo(6000, 6)
      // The price is the one recorded with the transfer at its block (a double precision column).
      const recorded = await admin.query(
        `select usd_price from ${db.name}.token_transfers where hash = $1 and log_index = -1`,
        [hash],
      )
      expect(recorded.rows[0].usd_price).toBeCloseTo(3000, 6)
    } finally {
      await Promise.all(replicas.map((replica) => replica.close()))
    }
  })
})
