import { migrateDatabase, type OpenDatabaseOptions, openDatabase } from '@portico/database'
import type { Kysely, Migration, MigrationProvider } from 'kysely'
import * as createSponsorshipUsage from './migrations/0001-create-sponsorship-usage.js'

/** The paymaster's tables, in its own schema (`paymaster`) of a shared database. */
export interface PaymasterDatabase {
  /** What each project spent per chain per UTC day: operations, and wei at their maximum cost. */
  sponsorship_usage: {
    project_id: string
    chain_id: number
    day: string
    ops: number
    /** numeric(78, 0): read back as a decimal string. */
    wei: string
  }
}

/** In code, not read from a folder at run time, so the migrations ship inside any bundle. */
export const paymasterMigrations: Record<string, Migration> = {
  '0001-create-sponsorship-usage': createSponsorshipUsage,
}

const provider: MigrationProvider = { getMigrations: async () => paymasterMigrations }

/**
 * PostgreSQL when `databaseUrl` is set (replicas share the day's counts), else embedded PGlite under
 * `<dataDir>/paymaster` (or in memory without one); migrated before use (code PAYMASTER_MIGRATION_FAILED).
 */
export async function openPaymasterDatabase(
  options: OpenDatabaseOptions,
): Promise<Kysely<PaymasterDatabase>> {
  const db = openDatabase<PaymasterDatabase>('paymaster', options)
  try {
    await migrateDatabase(db as Kysely<unknown>, { name: 'paymaster', label: 'Paymaster', provider })
    return db
  } catch (error) {
    await db.destroy().catch(() => {})
    throw error
  }
}
