import { applyOwnerOnlyUmask } from '@portico/http-kit'
import { createExplorerServer } from './create-explorer-server.js'
import { loadExplorerConfig } from './explorer-config.js'

// Standalone explorer: `npx tsx --conditions=portico:source services/explorer/src/main.ts`
// Files it creates (the PGlite data) are its user's only.
applyOwnerOnlyUmask()
const config = loadExplorerConfig()
const server = await createExplorerServer({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
  rateLimit: config.rateLimit,
  redisUrl: config.redisUrl,
  corsOrigins: config.corsOrigins,
  analyticsEnabled: config.analyticsEnabled,
  publicUrl: config.publicUrl,
  walletCacheTtlMs: config.walletCacheTtlMs,
  trustProxy: config.trustProxy,
})
await server.app.listen({ port: config.port, host: config.host })

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.app.log.info({ signal }, 'explorer shutting down')
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  })
}
