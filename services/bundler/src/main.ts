import { applyOwnerOnlyUmask } from '@portico/http-kit'
import { loadBundlerConfig } from './bundler-config.js'
import { createBundlerServer } from './create-bundler-server.js'

// Standalone bundler: `npm start -w @portico/bundler` (env in docs/configuration.md, "Bundler").
applyOwnerOnlyUmask()
const config = loadBundlerConfig()
const server = await createBundlerServer({ ...config, log: (line) => console.log(line) })
await server.app.listen({ port: config.port, host: config.host })
console.log(
  `[bundler] ready on port ${config.port} for chains ${config.chains.map((c) => c.chainId).join(', ')}`,
)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  })
}
