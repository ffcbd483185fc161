import { applyOwnerOnlyUmask } from '@portico/http-kit'
import { createExplorerServer } from './create-explorer-server.js'
import { loadExplorerConfig } from './explorer-config.js'
import { explorerServerOptions } from './explorer-server-options.js'

// Standalone explorer: `npx tsx --conditions=portico:source services/explorer/src/main.ts`
// Files it creates (the PGlite data) are its user's only.
applyOwnerOnlyUmask()
const config = loadExplorerConfig()
const server = await createExplorerServer(explorerServerOptions(config))
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
