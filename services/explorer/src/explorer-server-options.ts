import type { CreateExplorerServerOptions } from './create-explorer-server.js'
import type { ExplorerConfig } from './explorer-config.js'

/** The explorer's server options from its settings: what `main.ts` and `portico serve` both start. */
export function explorerServerOptions(config: ExplorerConfig): CreateExplorerServerOptions {
  return {
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
  }
}
