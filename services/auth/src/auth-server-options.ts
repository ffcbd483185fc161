import type { AuthConfig } from './auth-config.js'
import type { CreateAuthServerOptions } from './create-auth-server.js'

/**
 * The auth service's server options from its settings: what `main.ts` and `portico serve` both start.
 * `framePageDir` is where the built frame page sits relative to the caller (source or bundle), used when
 * AUTH_FRAME_PAGE_DIR does not say.
 */
export function authServerOptions(
  config: AuthConfig,
  defaults: { framePageDir: string },
): CreateAuthServerOptions {
  return {
    mode: config.mode,
    publicUrl: config.publicUrl,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    redisUrl: config.redisUrl,
    smtpUrl: config.smtpUrl,
    smtpPort: config.smtpPort,
    ...(config.mailFrom ? { mailFrom: config.mailFrom } : {}),
    masterKey: config.masterKey,
    custody: config.custody,
    allowedOrigins: config.allowedOrigins,
    framePageDir: config.framePageDir ?? defaults.framePageDir,
    rpcUrlTemplate: config.rpcUrlTemplate,
    solanaRpcUrlTemplate: config.solanaRpcUrlTemplate,
    bundlerUrlTemplate: config.bundlerUrlTemplate,
    paymasterUrlTemplate: config.paymasterUrlTemplate,
    defaultAccountType: config.defaultAccountType,
    smartAccountChainIds: config.smartAccountChainIds,
    chainIds: config.chainIds,
    providers: config.providers,
    standInProviders: config.standInProviders,
    localFarcaster: config.localFarcaster,
    passkeySignIn: config.passkeySignIn,
    rateLimit: config.rateLimit,
    trustProxy: config.trustProxy,
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
  }
}
