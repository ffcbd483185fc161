import { privateKeyToAccount } from 'viem/accounts'
import type { ChainApiConfig } from './chain-api-config.js'
import type { ChainManifest } from './chain-manifest.js'
import type { CreateChainApiServerOptions } from './create-chain-api-server.js'

/** The chain API's server options from its settings: what `main.ts` and `portico serve` both start. */
export function chainApiServerOptions(
  config: ChainApiConfig,
  manifest: ChainManifest,
): CreateChainApiServerOptions {
  return {
    manifest,
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
    onramp: {
      sandboxFunder: config.onrampSandboxPrivateKey
        ? privateKeyToAccount(config.onrampSandboxPrivateKey)
        : undefined,
      mode: config.mode,
      sandboxDailyLimits: config.onrampSandboxDailyLimits,
      coinbaseAppId: config.coinbaseOnrampAppId,
    },
  }
}
