import type { CreateRelayServerOptions } from './create-relay-server.js'
import type { RelayConfig } from './relay-config.js'
import { jsonLineLogger, type RelayLogger } from './relay-logger.js'

/** The relay's server options from its settings: what `main.ts` and `portico serve` both start. */
export function relayServerOptions(config: RelayConfig): CreateRelayServerOptions & { logger: RelayLogger } {
  return {
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
    logger: jsonLineLogger(config.logLevel),
  }
}
