import { createRelayServer } from './create-relay-server.js'
import { loadRelayConfig } from './relay-config.js'
import { jsonLineLogger } from './relay-logger.js'

// Standalone relay: `npx tsx --conditions=portico:source services/relay/src/main.ts`
const config = loadRelayConfig()
const logger = jsonLineLogger(config.logLevel)
const relay = await createRelayServer({
  port: config.port,
  host: config.host,
  dataDir: config.dataDir,
  databaseUrl: config.databaseUrl,
  redisUrl: config.redisUrl,
  ...(config.redisKeyPrefix ? { redisKeyPrefix: config.redisKeyPrefix } : {}),
  audiences: config.audiences,
  maxMessageBytes: config.maxMessageBytes,
  pingIntervalMs: config.pingIntervalMs,
  limits: config.limits,
  trustProxy: config.trustProxy,
  logger,
})

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    logger.info('relay shutting down', { signal })
    relay.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  })
}
