import { createRelayServer } from './create-relay-server.js'
import { loadRelayConfig } from './relay-config.js'
import { relayServerOptions } from './relay-server-options.js'

// Standalone relay: `npx tsx --conditions=portico:source services/relay/src/main.ts`
const config = loadRelayConfig()
const options = relayServerOptions(config)
const { logger } = options
const relay = await createRelayServer(options)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    logger.info('relay shutting down', { signal })
    relay.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  })
}
