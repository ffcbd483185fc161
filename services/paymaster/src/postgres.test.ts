import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestSchema, testDatabaseUrl } from '@portico/database'
import {
  type Devnet,
  devnetServiceKey,
  ENTRY_POINT_08_ADDRESS,
  startDevnet,
  VERIFYING_PAYMASTER_ADDRESS,
} from '@portico/devnet'
import { type Address, numberToHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, describe, expect, it } from 'vitest'
import { createPaymasterServer } from './create-paymaster-server.js'
import { openPaymasterDatabase } from './paymaster-database.js'
import { SponsorshipBudget } from './sponsorship-budget.js'

// The daily counts on the real PostgreSQL (PORTICO_TEST_DATABASE_URL; unset, npm test says it did not run).
const budgetDb = createTestSchema('paymaster_budget_test', testDatabaseUrl)
const serversDb = createTestSchema('paymaster_servers_test', testDatabaseUrl)
let devnet: Devnet | undefined
let dataDir: string | undefined

afterAll(async () => {
  await Promise.all([budgetDb.drop(), serversDb.drop()])
  await devnet?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

const operation = (sender: Address) => ({
  sender,
  nonce: '0x0',
  callData: '0x',
  callGasLimit: '0x10000',
  verificationGasLimit: '0x10000',
  preVerificationGas: '0x10000',
  maxFeePerGas: numberToHex(2_000_000_000n),
  maxPriorityFeePerGas: numberToHex(1_000_000_000n),
})

describe.skipIf(!testDatabaseUrl)('PostgreSQL (DATABASE_URL): the daily counts shared by replicas', () => {
  it('two replicas racing for the last operations grant exactly the budget, and count each one', async () => {
    await budgetDb.create()
    const [a, b] = await Promise.all([
      openPaymasterDatabase({ databaseUrl: budgetDb.databaseUrl }),
      openPaymasterDatabase({ databaseUrl: budgetDb.databaseUrl }),
    ])
    try {
      const replicas = [new SponsorshipBudget(a), new SponsorshipBudget(b)]
      const budget = { maxOpsPerDay: 7, maxWeiPerDay: 10n ** 30n }
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => replicas[i % 2]?.reserve('alpha', 10, budget, 1_000n)),
      )
      expect(answers.filter((answer) => answer === null)).toHaveLength(7)
      expect(answers.filter((answer) => answer === 'daily-operations-spent')).toHaveLength(33)
      expect(await replicas[1]?.usage('alpha', 10)).toEqual({ ops: 7, wei: 7_000n })
      // The amount is shared the same way: 2,500 wei a day lets two operations of 1,000 through.
      const amount = { maxOpsPerDay: 100, maxWeiPerDay: 2_500n }
      const spent = await Promise.all(
        Array.from({ length: 10 }, (_, i) => replicas[i % 2]?.reserve('beta', 10, amount, 1_000n)),
      )
      expect(spent.filter((answer) => answer === null)).toHaveLength(2)
      expect(spent.filter((answer) => answer === 'daily-amount-spent')).toHaveLength(8)
      const rows = await budgetDb.admin.query(
        `select project_id, ops from ${budgetDb.table('sponsorship_usage')}`,
      )
      expect(rows.rows.map((row) => [row.project_id, row.ops]).sort()).toEqual([
        ['alpha', 7],
        ['beta', 2],
      ])
    } finally {
      await Promise.all([a.destroy(), b.destroy()])
    }
  })

  it('two paymaster servers on one database sign no more than the project’s daily operations', async () => {
    await serversDb.create()
    dataDir = await mkdtemp(join(tmpdir(), 'portico-paymaster-pg-'))
    devnet = await startDevnet({ port: 0, dataDir, chainIds: [10] })
    const options = {
      chains: [{ chainId: 10, rpcUrl: devnet.rpcUrl(10) }],
      paymasterAddress: VERIFYING_PAYMASTER_ADDRESS,
      entryPoint: ENTRY_POINT_08_ADDRESS,
      signerPrivateKey: devnetServiceKey('paymasterSigner'),
      policy: {
        projects: {
          alpha: { name: 'Alpha', chains: { '10': { maxOpsPerDay: 3, maxWeiPerDay: 10n ** 18n } } },
        },
      },
      databaseUrl: serversDb.databaseUrl,
      rateLimit: false as const,
    }
    const servers = await Promise.all([createPaymasterServer(options), createPaymasterServer(options)])
    try {
      const ask = (i: number) =>
        servers[i % 2]?.app
          .inject({
            method: 'POST',
            url: '/alpha',
            payload: {
              jsonrpc: '2.0',
              id: i,
              method: 'pm_getPaymasterData',
              params: [
                operation(privateKeyToAccount(generatePrivateKey()).address),
                ENTRY_POINT_08_ADDRESS,
                '0xa',
                {},
              ],
            },
          })
          .then((response) => response.json() as { result?: unknown; error?: { data?: { reason?: string } } })
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => ask(i)))
      expect(answers.filter((answer) => answer?.result)).toHaveLength(3)
      expect(
        answers.filter((answer) => answer?.error?.data?.reason === 'daily-operations-spent'),
      ).toHaveLength(7)
      const migrations = await serversDb.admin.query(
        `select name from ${serversDb.table('paymaster_migrations')}`,
      )
      // Migrated once, though both started together.
      expect(migrations.rows.map((row) => row.name)).toEqual(['0001-create-sponsorship-usage'])
    } finally {
      await Promise.all(servers.map((server) => server.close()))
    }
  }, 120_000)
})
