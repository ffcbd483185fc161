import {
  chainIdList,
  flag,
  type LogLevel,
  logLevel,
  optionalText,
  parseEnv,
  port,
  positiveInt,
  serviceEnvSchema,
} from '@portico/http-kit'
import { type Custody, custodySchema, type SocialProvider, socialProviderSchema } from '@portico/wire'
import { z } from 'zod'
import { type AllowedOrigins, DEVELOPMENT_ALLOWED_ORIGINS, parseAllowedOrigins } from './allowed-origins.js'
import type { AuthRateLimit } from './create-auth-server.js'
import { assertProductionSafe, type PorticoMode, porticoModeOf } from './development-tools.js'
import { InvalidAuthConfigError } from './invalid-auth-config-error.js'
import type { ProviderCredentials } from './social/social-provider-adapters.js'

export { InvalidAuthConfigError }

/** An on/off variable whose default depends on the mode: unset or blank is undefined. */
const modeFlag = z
  .enum(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((value) => (value ? ['on', 'true', '1', 'yes'].includes(value) : undefined))

/** AUTH_ALLOWED_ORIGINS: `projectA=https://a.example https://b.example; projectB=https://c.example`. */
const allowedOriginsVariable = optionalText.transform((value, context) => {
  if (value === undefined) return undefined
  try {
    return parseAllowedOrigins(value)
  } catch (error) {
    context.addIssue({
      code: 'custom',
      message: `${(error as Error).message} (format: projectId=https://origin [https://origin ...]; projectId2=...)`,
    })
    return z.NEVER
  }
})

// HOST, PORTICO_DATA_DIR, DATABASE_URL and REDIS_URL as every service reads them.
const envSchema = serviceEnvSchema.extend({
  AUTH_PORT: port(3004),
  AUTH_PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  SMTP_CAPTURE_PORT: port(2525),
  MAIL_FROM: optionalText,
  AUTH_MASTER_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, '64 hex digits')
      .optional(),
  ),
  AUTH_ALLOWED_ORIGINS: allowedOriginsVariable,
  /** user-held (default) or custodial: whether the operator can rebuild users' keys. */
  AUTH_CUSTODY: optionalText.transform((value) => value ?? 'user-held').pipe(custodySchema),
  AUTH_STAND_IN_PROVIDERS: modeFlag,
  AUTH_LOCAL_FARCASTER: modeFlag,
  /** Passkey accounts (sign-in with a passkey alone); on unless switched off. */
  AUTH_PASSKEY_SIGN_IN: flag(true),
  AUTH_FRAME_DIR: optionalText,
  AUTH_RPC_URL_TEMPLATE: optionalText.transform((value) => value ?? 'http://127.0.0.1:8545/{chainId}'),
  /** The Solana clusters' RPC for the embedded wallet; `{cluster}` is mainnet-beta, devnet or testnet. */
  AUTH_SOLANA_RPC_URL_TEMPLATE: optionalText.transform((value) => value ?? 'http://127.0.0.1:8899/{cluster}'),
  /** The operator's ERC-4337 bundler (`{chainId}`) and ERC-7677 paymaster (`{projectId}`): both, or no sponsoring. */
  AUTH_BUNDLER_URL_TEMPLATE: optionalText,
  AUTH_PAYMASTER_URL_TEMPLATE: optionalText,
  /** The embedded wallet's account type for a user who never chose: eoa, or smartAccount (ERC-4337). */
  AUTH_DEFAULT_ACCOUNT_TYPE: optionalText
    .transform((value) => value ?? 'eoa')
    .pipe(z.enum(['eoa', 'smartAccount'], { error: 'expected eoa or smartAccount' })),
  /** The chains where visitors may use a smart account; unset: every chain with the bundler and contracts. */
  AUTH_SMART_ACCOUNT_CHAIN_IDS: optionalText
    .transform((value) => value?.split(',').map((id) => Number(id.trim())))
    .pipe(z.array(z.number().int().positive()).min(1).optional()),
  /** The chains AUTH_RPC_URL_TEMPLATE serves: the embedded wallet switches to no other. */
  AUTH_CHAIN_IDS: chainIdList([1, 10, 137, 8453, 42161, 11155111]),
  AUTH_RATE_LIMIT: flag(true),
  AUTH_RATE_LIMIT_PER_IP: positiveInt(600),
  AUTH_RATE_LIMIT_WINDOW_MS: positiveInt(60_000),
  AUTH_TRUST_PROXY: flag(false),
  AUTH_LOG_LEVEL: logLevel,
})

export interface AuthConfig {
  mode: PorticoMode
  port: number
  host: string
  publicUrl: string
  dataDir: string | undefined
  databaseUrl: string | undefined
  /** Replicas share their rate-limit counters through this Redis; in memory when unset. */
  redisUrl: string | undefined
  smtpUrl: string | undefined
  smtpPort: number
  mailFrom: string | undefined
  masterKey: string | undefined
  custody: Custody
  /** Exact dApp origins per project id that may embed the frame. */
  allowedOrigins: AllowedOrigins
  /** Providers without credentials use the embedded stand-in (development only). */
  standInProviders: boolean
  /** The local Farcaster approval page, relay and registry (development only). */
  localFarcaster: boolean
  /** Sign-in with a passkey alone (a passkey account). */
  passkeySignIn: boolean
  framePageDir: string | undefined
  rpcUrlTemplate: string
  solanaRpcUrlTemplate: string
  bundlerUrlTemplate: string | undefined
  paymasterUrlTemplate: string | undefined
  defaultAccountType: 'eoa' | 'smartAccount'
  smartAccountChainIds: number[] | undefined
  chainIds: number[]
  providers: Partial<Record<SocialProvider, ProviderCredentials>>
  rateLimit: AuthRateLimit | false
  trustProxy: boolean
  logLevel: LogLevel
}

/**
 * Reads the auth service's settings; a bad value stops start-up with its variable named, and so does a
 * production start (PORTICO_MODE, NODE_ENV) with a development tool on.
 */
export function readAuthConfig(env: Record<string, string | undefined> = process.env): AuthConfig {
  const mode = porticoModeOf(env)
  const development = mode === 'development'
  const e = parseEnv(
    envSchema,
    env,
    (details) => new InvalidAuthConfigError(`Invalid auth configuration: ${details}`),
  )
  const providers: AuthConfig['providers'] = {}
  for (const name of socialProviderSchema.options) {
    const clientId = env[`AUTH_${name.toUpperCase()}_CLIENT_ID`]?.trim()
    const clientSecret = env[`AUTH_${name.toUpperCase()}_CLIENT_SECRET`]?.trim()
    if (clientId) providers[name] = { clientId, clientSecret: clientSecret || undefined }
  }
  const standInProviders = e.AUTH_STAND_IN_PROVIDERS ?? development
  const localFarcaster = e.AUTH_LOCAL_FARCASTER ?? development
  assertProductionSafe(mode, {
    standInProviders,
    localFarcaster,
    mailCapture: !e.SMTP_URL,
    defaultAllowedOrigins: !e.AUTH_ALLOWED_ORIGINS,
  })
  return {
    mode,
    port: e.AUTH_PORT,
    host: e.HOST,
    publicUrl: (e.AUTH_PUBLIC_URL ?? `http://localhost:${e.AUTH_PORT}`).replace(/\/+$/, ''),
    dataDir: e.PORTICO_DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    smtpPort: e.SMTP_CAPTURE_PORT,
    mailFrom: e.MAIL_FROM,
    masterKey: e.AUTH_MASTER_KEY,
    custody: e.AUTH_CUSTODY,
    allowedOrigins: e.AUTH_ALLOWED_ORIGINS ?? DEVELOPMENT_ALLOWED_ORIGINS,
    standInProviders,
    localFarcaster,
    passkeySignIn: e.AUTH_PASSKEY_SIGN_IN,
    framePageDir: e.AUTH_FRAME_DIR,
    rpcUrlTemplate: e.AUTH_RPC_URL_TEMPLATE,
    solanaRpcUrlTemplate: e.AUTH_SOLANA_RPC_URL_TEMPLATE,
    bundlerUrlTemplate: e.AUTH_BUNDLER_URL_TEMPLATE,
    paymasterUrlTemplate: e.AUTH_PAYMASTER_URL_TEMPLATE,
    defaultAccountType: e.AUTH_DEFAULT_ACCOUNT_TYPE,
    smartAccountChainIds: e.AUTH_SMART_ACCOUNT_CHAIN_IDS,
    chainIds: e.AUTH_CHAIN_IDS,
    providers,
    rateLimit: e.AUTH_RATE_LIMIT
      ? { max: e.AUTH_RATE_LIMIT_PER_IP, timeWindowMs: e.AUTH_RATE_LIMIT_WINDOW_MS }
      : false,
    trustProxy: e.AUTH_TRUST_PROXY,
    logLevel: e.AUTH_LOG_LEVEL,
  }
}
