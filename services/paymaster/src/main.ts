import { applyOwnerOnlyUmask } from '@portico/http-kit'
import { createPaymasterServer } from './create-paymaster-server.js'
import { loadPaymasterConfig } from './paymaster-config.js'

// Standalone paymaster: `npm start -w @portico/paymaster` (env in docs/configuration.md, "Paymaster").
applyOwnerOnlyUmask()
const config = loadPaymasterConfig()
const server = await createPaymasterServer(config)
await server.app.listen({ port: config.port, host: config.host })
console.log(
  `[paymaster] ready on port ${config.port}, sponsoring ${Object.keys(config.policy.projects).length} project(s)`,
)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  })
}
