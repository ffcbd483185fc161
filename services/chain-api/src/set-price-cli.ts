import { loadChainApiConfig } from './chain-api-config.js'
import { migrateChainApiDatabase } from './migrate-chain-api-database.js'
import { openChainApiDatabase } from './open-chain-api-database.js'
import { seedTokenPrices, setTokenPrice } from './token-prices.js'

// `npm run set-price -w @portico/chain-api -- ETH 3100` — against DATABASE_URL, or the embedded database in
// PORTICO_DATA_DIR (stop the service first: PGlite files take one process at a time). Running replicas see
// the new price within a few seconds.
const [symbol, price] = process.argv.slice(2)
if (!symbol || price === undefined) {
  console.error('usage: set-price <SYMBOL> <USD price>')
  process.exit(2)
}
const config = loadChainApiConfig()
if (!config.databaseUrl && !config.dataDir) {
  console.error('set DATABASE_URL or PORTICO_DATA_DIR: an in-memory database would forget the price at once')
  process.exit(2)
}
const db = openChainApiDatabase(config)
try {
  await migrateChainApiDatabase(db)
  await seedTokenPrices(db)
  await setTokenPrice(db, symbol, Number(price))
  console.log(`${symbol.toUpperCase()} = ${Number(price)} USD`)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await db.destroy()
}
