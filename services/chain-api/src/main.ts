import { applyOwnerOnlyUmask } from '@portico/http-kit'
import { loadChainApiConfig } from './chain-api-config.js'
import { chainApiServerOptions } from './chain-api-server-options.js'
import { createChainApiServer } from './create-chain-api-server.js'
import { readChainManifest } from './read-chain-manifest.js'

// Standalone: `npx tsx --conditions=portico:source services/chain-api/src/main.ts`, serving the chains of
// CHAIN_API_MANIFEST (default .data/devnet/deployed.json, written by a running standalone devnet).
applyOwnerOnlyUmask()
const config = loadChainApiConfig()
// A missing or invalid manifest is an operator's mistake: its message, not a stack trace.
const manifest = await readChainManifest(config.manifestPath).catch((error: Error) => {
  console.error(error.message)
  process.exit(1)
})
const server = await createChainApiServer(chainApiServerOptions(config, manifest))
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
