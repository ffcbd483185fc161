import { flag, optionalText, parseEnv, port, serviceEnvSchema } from '@portico/http-kit'
import { z } from 'zod'
import { MAX_TTL_SECONDS } from './message-record.js'
import { InvalidRelayConfigError } from './relay-errors.js'
import { DEFAULT_RELAY_LIMITS as LIMITS, type RelayLimits } from './relay-limits.js'
import type { RelayLogLevel } from './relay-logger.js'

const integer = (fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .optional()
    .transform((value) => (value ? Number(value) : fallback))
    .pipe(z.number().int().min(min).max(max))

const limitsEnvSchema = z
  .object({
    RELAY_MAX_SOCKETS_PER_CLIENT: integer(LIMITS.maxSocketsPerClient, 1),
    RELAY_MAX_SOCKETS_PER_IP: integer(LIMITS.maxSocketsPerIp, 1),
    RELAY_PUBLISHES_PER_SECOND: integer(LIMITS.publishesPerSecond, 1),
    RELAY_PUBLISH_BURST: integer(LIMITS.publishBurst, 1),
    RELAY_MAX_STORED_BYTES_PER_CLIENT: integer(LIMITS.maxStoredBytesPerClient, 1_024),
    RELAY_MAX_STORED_BYTES_PER_IP: integer(LIMITS.maxStoredBytesPerIp, 1_024),
    RELAY_MAX_STORED_BYTES_TOTAL: integer(LIMITS.maxStoredBytesTotal, 1_024),
    RELAY_MAX_TOPICS_PER_SOCKET: integer(LIMITS.maxTopicsPerSocket, 1),
    RELAY_MAX_TTL_SECONDS: integer(LIMITS.maxTtlSeconds, 60, MAX_TTL_SECONDS),
  })
  .transform(
    (e): RelayLimits => ({
      maxSocketsPerClient: e.RELAY_MAX_SOCKETS_PER_CLIENT,
      maxSocketsPerIp: e.RELAY_MAX_SOCKETS_PER_IP,
      publishesPerSecond: e.RELAY_PUBLISHES_PER_SECOND,
      publishBurst: e.RELAY_PUBLISH_BURST,
      maxStoredBytesPerClient: e.RELAY_MAX_STORED_BYTES_PER_CLIENT,
      maxStoredBytesPerIp: e.RELAY_MAX_STORED_BYTES_PER_IP,
      maxStoredBytesTotal: e.RELAY_MAX_STORED_BYTES_TOTAL,
      maxTopicsPerSocket: e.RELAY_MAX_TOPICS_PER_SOCKET,
      maxTtlSeconds: e.RELAY_MAX_TTL_SECONDS,
    }),
  )

// HOST, PORTICO_DATA_DIR, DATABASE_URL and REDIS_URL as every service reads them.
const envSchema = serviceEnvSchema.extend({
  RELAY_PORT: port(3003),
  RELAY_REDIS_KEY_PREFIX: optionalText,
  /** Comma-separated public URLs clients may use as JWT audience, e.g. wss://relay.example.com. */
  RELAY_AUDIENCES: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^wss?$/ }))),
  RELAY_MAX_MESSAGE_BYTES: integer(512 * 1024, 1_024),
  RELAY_PING_INTERVAL_MS: integer(20_000, 1_000),
  RELAY_TRUST_PROXY: flag(false),
  RELAY_LOG_LEVEL: z.enum(['error', 'warn', 'info', 'silent']).default('info'),
})

export interface RelayConfig {
  port: number
  host: string
  dataDir: string | undefined
  databaseUrl: string | undefined
  redisUrl: string | undefined
  /** Namespace for Redis keys and channels; relays that share it share subscriptions and mailbox. */
  redisKeyPrefix: string | undefined
  audiences: string[]
  maxMessageBytes: number
  pingIntervalMs: number
  limits: RelayLimits
  /** Sockets counted per forwarded client address (behind a reverse proxy). */
  trustProxy: boolean
  logLevel: RelayLogLevel
}

/** Reads the relay's settings from the environment; a bad value stops start-up with its variable named. */
export function loadRelayConfig(env: Record<string, string | undefined> = process.env): RelayConfig {
  const e = parseEnv(
    envSchema,
    env,
    (details) => new InvalidRelayConfigError(`Invalid relay configuration: ${details}`),
  )
  return {
    port: e.RELAY_PORT,
    host: e.HOST,
    dataDir: e.PORTICO_DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.RELAY_REDIS_KEY_PREFIX,
    audiences: e.RELAY_AUDIENCES,
    maxMessageBytes: e.RELAY_MAX_MESSAGE_BYTES,
    pingIntervalMs: e.RELAY_PING_INTERVAL_MS,
    limits: loadRelayLimits(env),
    trustProxy: e.RELAY_TRUST_PROXY,
    logLevel: e.RELAY_LOG_LEVEL,
  }
}

/** Reads only the per-client limits (RELAY_MAX_SOCKETS_PER_CLIENT …), for hosts that embed the relay. */
export function loadRelayLimits(env: Record<string, string | undefined> = process.env): RelayLimits {
  return parseEnv(
    limitsEnvSchema,
    env,
    (details) => new InvalidRelayConfigError(`Invalid relay limits: ${details}`),
  )
}
