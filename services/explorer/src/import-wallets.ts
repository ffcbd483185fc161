import { readFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import type { Kysely } from 'kysely'
import { loadExplorerConfig } from './explorer-config.js'
import type { ExplorerDatabase } from './explorer-database.js'
import { migrateExplorerDatabase } from './migrate-explorer-database.js'
import { openExplorerDatabase } from './open-explorer-database.js'
import { InvalidWalletEntryError, parseWalletEntries, upsertWallets } from './upsert-wallets.js'

/**
 * Reads a JSON array of listings (the wallet-entry shape: slug, name, chains, links, ...), validates every
 * entry, then upserts them by slug in one transaction. Returns how many listings were written.
 */
export async function importWalletsFile(db: Kysely<ExplorerDatabase>, file: string): Promise<number> {
  let json: unknown
  try {
    json = JSON.parse(await readFile(file, 'utf8'))
  } catch (error) {
    throw new InvalidWalletEntryError(`Cannot read ${file} as JSON: ${(error as Error).message}`)
  }
  const entries = parseWalletEntries(json)
  await migrateExplorerDatabase(db)
  return upsertWallets(db, entries)
}

// Command line: npx tsx --conditions=portico:source services/explorer/src/import-wallets.ts wallets.json
// Writes where the service reads: DATABASE_URL, else PGlite under PORTICO_DATA_DIR.
async function main(argv: string[]) {
  const file = argv[0]
  if (!file || argv.length > 1) {
    console.error('Usage: import-wallets.ts <wallets.json>')
    return 2
  }
  const config = loadExplorerConfig()
  if (!config.databaseUrl && !config.dataDir) {
    console.error(
      'Set PORTICO_DATA_DIR or DATABASE_URL: an in-memory database would forget the import at once.',
    )
    return 2
  }
  const db = openExplorerDatabase(config)
  try {
    const count = await importWalletsFile(db, file)
    console.log(`Imported ${count} wallet listing(s) from ${file}`)
    return 0
  } catch (error) {
    console.error(error instanceof InvalidWalletEntryError ? error.message : error)
    return 1
  } finally {
    await db.destroy()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2))
}
