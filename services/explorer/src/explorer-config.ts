import {
  flag,
  type LogLevel,
  logLevel,
  optionalText,
  originList,
  parseEnv,
  port,
  positiveInt,
  serviceEnvSchema,
} from '@portico/http-kit'
import { PorticoError } from '@portico/wire'
import { z } from 'zod'

// HOST, PORTICO_DATA_DIR, DATABASE_URL and REDIS_URL as every service reads them.
const envSchema = serviceEnvSchema.extend({
  EXPLORER_PORT: port(3001),
  /** Overrides HOST for the explorer alone. */
  EXPLORER_HOST: optionalText,
  EXPLORER_CORS_ORIGINS: originList,
  EXPLORER_ANALYTICS: flag(true),
  EXPLORER_PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  EXPLORER_RATE_LIMIT: flag(true),
  EXPLORER_RATE_LIMIT_PER_IP: positiveInt(1_200),
  EXPLORER_RATE_LIMIT_PER_PROJECT: positiveInt(6_000),
  EXPLORER_RATE_LIMIT_WINDOW_MS: positiveInt(60_000),
  EXPLORER_WALLET_CACHE_TTL_MS: z
    .string()
    .optional()
    .transform((value) => (value ? Number(value) : 5_000))
    .pipe(z.number().int().min(0)),
  EXPLORER_TRUST_PROXY: flag(false),
  EXPLORER_LOG_LEVEL: logLevel,
})

export interface RateLimitSettings {
  /** Requests per client address per window, on every route including images. */
  perIp: number
  /** Requests per x-project-id per window, on the API routes. */
  perProject: number
  timeWindowMs: number
}

export interface ExplorerConfig {
  port: number
  host: string
  databaseUrl: string | undefined
  dataDir: string | undefined
  /** Replicas share their rate-limit counters through this Redis; in memory when unset. */
  redisUrl: string | undefined
  /** Allowed dApp origins; undefined means any http(s) origin on localhost or 127.0.0.1. */
  corsOrigins: string[] | undefined
  analyticsEnabled: boolean
  /** Base for image_url; undefined means the request's own protocol and host. */
  publicUrl: string | undefined
  rateLimit: RateLimitSettings | false
  /** How long a /getWallets answer is reused (0: never). */
  walletCacheTtlMs: number
  trustProxy: boolean
  logLevel: LogLevel
}

export class InvalidExplorerConfigError extends PorticoError<'EXPLORER_CONFIG_INVALID'> {
  override name = 'InvalidExplorerConfigError'
  constructor(message: string) {
    super('EXPLORER_CONFIG_INVALID', message)
  }
}

/** Reads the explorer's settings from the environment; a bad value stops start-up with its variable named. */
export function loadExplorerConfig(env: Record<string, string | undefined> = process.env): ExplorerConfig {
  const e = parseEnv(
    envSchema,
    env,
    (details) => new InvalidExplorerConfigError(`Invalid explorer configuration: ${details}`),
  )
  return {
    port: e.EXPLORER_PORT,
    host: e.EXPLORER_HOST ?? e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.PORTICO_DATA_DIR,
    redisUrl: e.REDIS_URL,
    corsOrigins: e.EXPLORER_CORS_ORIGINS,
    analyticsEnabled: e.EXPLORER_ANALYTICS,
    publicUrl: e.EXPLORER_PUBLIC_URL,
    rateLimit: e.EXPLORER_RATE_LIMIT
      ? {
          perIp: e.EXPLORER_RATE_LIMIT_PER_IP,
          perProject: e.EXPLORER_RATE_LIMIT_PER_PROJECT,
          timeWindowMs: e.EXPLORER_RATE_LIMIT_WINDOW_MS,
        }
      : false,
    walletCacheTtlMs: e.EXPLORER_WALLET_CACHE_TTL_MS,
    trustProxy: e.EXPLORER_TRUST_PROXY,
    logLevel: e.EXPLORER_LOG_LEVEL,
  }
}
