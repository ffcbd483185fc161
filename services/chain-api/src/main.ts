import { applyOwnerOnlyUmask } from '@portico/http-kit'
import { loadChainApiConfig } from './chain-api-config.js'
import { createChainApiServer } from './create-chain-api-server.js'

// Standalone: `npx tsx --conditions=portico:source services/chain-api/src/main.ts` (a devnet at DEVNET_URL).
applyOwnerOnlyUmask()
const config = loadChainApiConfig()
const server = await createChainApiServer({
  devnetUrl: config.devnetUrl,
  chainIds: config.chainIds,
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
  corsOrigins: config.corsOrigins,
  explorerUrl: config.explorerUrl,
  indexer: config.indexer,
  rateLimit: config.rateLimit,
  redisUrl: config.redisUrl,
  trustProxy: config.trustProxy,
})
await server.app.listen({ port: config.port, host: config.host })

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.app.log.info({ signal }, 'chain API shutting down')
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  })
}
