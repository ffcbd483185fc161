import { join } from 'node:path'
import {
  chainIdList,
  flag,
  type LogLevel,
  logLevel,
  optionalText,
  originList,
  type PorticoMode,
  parseEnv,
  port,
  porticoMode,
  positiveInt,
  serviceEnvSchema,
} from '@portico/http-kit'
import { PorticoError } from '@portico/wire'
import { z } from 'zod'
import { DEFAULT_SANDBOX_DAILY_LIMITS, type SandboxDailyLimits } from './onramp/sandbox-daily-limits.js'
import { type ChainApiRateLimit, DEFAULT_CHAIN_API_RATE_LIMIT } from './request-limits.js'
import { DEFAULT_EXPLORER_URL } from './token-icons.js'

/** The file name the devnet writes its manifest to, in its data folder. */
const DEVNET_MANIFEST_FILE = 'deployed.json'

const httpUrl = z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, ''))

// HOST, PORTICO_DATA_DIR, DATABASE_URL and REDIS_URL are read as by every service.
const envSchema = serviceEnvSchema.extend({
  CHAIN_API_PORT: port(3002),
  CHAIN_API_HOST: optionalText,
  CHAIN_API_MANIFEST: optionalText,
  // Unset or blank: every chain of the manifest.
  CHAIN_API_CHAIN_IDS: optionalText.pipe(z.union([z.undefined(), chainIdList([])])),
  EXPLORER_URL: optionalText.transform((value) => value ?? DEFAULT_EXPLORER_URL).pipe(httpUrl),
  CHAIN_API_CORS_ORIGINS: originList,
  CHAIN_API_INDEXER: flag(true),
  CHAIN_API_RATE_LIMIT: flag(true),
  CHAIN_API_RATE_LIMIT_PER_IP: positiveInt(DEFAULT_CHAIN_API_RATE_LIMIT.perIp),
  CHAIN_API_RATE_LIMIT_PER_PROJECT: positiveInt(DEFAULT_CHAIN_API_RATE_LIMIT.perProject),
  CHAIN_API_RATE_LIMIT_WINDOW_MS: positiveInt(DEFAULT_CHAIN_API_RATE_LIMIT.timeWindowMs),
  CHAIN_API_TRUST_PROXY: flag(false),
  CHAIN_API_LOG_LEVEL: logLevel,
  // On-ramp: the account the sandbox provider pays out of (a devnet key), Coinbase Onramp's app id.
  ONRAMP_SANDBOX_PRIVATE_KEY: optionalText.pipe(
    z.union([z.undefined(), z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'expected 0x and 64 hex characters')]),
  ),
  // Daily caps of what the sandbox pays out, in USD: per receiving address and in total.
  ONRAMP_SANDBOX_DAILY_USD_PER_ADDRESS: positiveInt(DEFAULT_SANDBOX_DAILY_LIMITS.perAddressUsd),
  ONRAMP_SANDBOX_DAILY_USD: positiveInt(DEFAULT_SANDBOX_DAILY_LIMITS.totalUsd),
  COINBASE_ONRAMP_APP_ID: optionalText,
})

export interface ChainApiConfig {
  /** PORTICO_MODE (or NODE_ENV=production): the sandbox on-ramp runs in development only. */
  mode: PorticoMode
  port: number
  host: string
  /** The chain manifest file: chains, RPC URLs and tokens served (default: the standalone devnet's). */
  manifestPath: string
  /** The manifest's chains to serve; undefined serves all of them. */
  chainIds: number[] | undefined
  explorerUrl: string
  databaseUrl: string | undefined
  dataDir: string | undefined
  /** Allowed dApp origins; undefined means any http(s) origin on localhost or 127.0.0.1. */
  corsOrigins: string[] | undefined
  indexer: boolean
  rateLimit: ChainApiRateLimit | false
  /** Where replicas share rate-limit counters; undefined counts in this process. */
  redisUrl: string | undefined
  trustProxy: boolean
  logLevel: LogLevel
  /** Private key of the account the sandbox on-ramp pays out of; undefined leaves the sandbox unavailable. */
  onrampSandboxPrivateKey: `0x${string}` | undefined
  /** What the sandbox pays out per day, per address and in total. */
  onrampSandboxDailyLimits: SandboxDailyLimits
  /** Coinbase Onramp app id; undefined lists Coinbase as unavailable. */
  coinbaseOnrampAppId: string | undefined
}

export class InvalidChainApiConfigError extends PorticoError<'CHAIN_API_CONFIG_INVALID'> {
  override name = 'InvalidChainApiConfigError'
  constructor(message: string) {
    super('CHAIN_API_CONFIG_INVALID', message)
  }
}

/** Reads the service's settings from the environment; a bad value stops start-up with its variable named. */
export function loadChainApiConfig(env: Record<string, string | undefined> = process.env): ChainApiConfig {
  const mode = withConfigError(() => porticoMode(env))
  const e = parseEnv(
    envSchema,
    env,
    (details) => new InvalidChainApiConfigError(`Invalid chain API configuration: ${details}`),
  )
  // The sandbox is a faucet: a funded key in a production deployment would pay anyone who asks.
  if (mode !== 'development' && e.ONRAMP_SANDBOX_PRIVATE_KEY)
    throw new InvalidChainApiConfigError(
      'Invalid chain API configuration: ONRAMP_SANDBOX_PRIVATE_KEY is refused in production (the sandbox on-ramp pays anyone who asks). Unset it, or start in development mode.',
    )
  return {
    mode,
    port: e.CHAIN_API_PORT,
    host: e.CHAIN_API_HOST ?? e.HOST,
    // Where `npm start -w @portico/devnet` (PORTICO_DATA_DIR=.data) publishes what it deployed.
    manifestPath: e.CHAIN_API_MANIFEST ?? join(e.PORTICO_DATA_DIR ?? '.data', 'devnet', DEVNET_MANIFEST_FILE),
    chainIds: e.CHAIN_API_CHAIN_IDS,
    explorerUrl: e.EXPLORER_URL,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.PORTICO_DATA_DIR,
    corsOrigins: e.CHAIN_API_CORS_ORIGINS,
    indexer: e.CHAIN_API_INDEXER,
    rateLimit: e.CHAIN_API_RATE_LIMIT
      ? {
          perIp: e.CHAIN_API_RATE_LIMIT_PER_IP,
          perProject: e.CHAIN_API_RATE_LIMIT_PER_PROJECT,
          timeWindowMs: e.CHAIN_API_RATE_LIMIT_WINDOW_MS,
        }
      : false,
    redisUrl: e.REDIS_URL,
    trustProxy: e.CHAIN_API_TRUST_PROXY,
    logLevel: e.CHAIN_API_LOG_LEVEL,
    onrampSandboxPrivateKey: e.ONRAMP_SANDBOX_PRIVATE_KEY as `0x${string}` | undefined,
    onrampSandboxDailyLimits: {
      perAddressUsd: e.ONRAMP_SANDBOX_DAILY_USD_PER_ADDRESS,
      totalUsd: e.ONRAMP_SANDBOX_DAILY_USD,
    },
    coinbaseOnrampAppId: e.COINBASE_ONRAMP_APP_ID,
  }
}

function withConfigError<T>(read: () => T): T {
  try {
    return read()
  } catch (error) {
    throw new InvalidChainApiConfigError(`Invalid chain API configuration: ${(error as Error).message}`)
  }
}
