import { z } from 'zod'
import { optionalText, postgresUrl, redisUrl } from './env-schemas.js'

/** The interface a service listens on when HOST is unset: this machine only. */
export const DEFAULT_HOST = '127.0.0.1'

/**
 * The variables every service reads the same way (README, "Other settings"): `HOST` (the interface,
 * 127.0.0.1 by default), `PORTICO_DATA_DIR`, `DATABASE_URL` (PostgreSQL instead of PGlite) and `REDIS_URL`
 * (replicas share their state and rate-limit counters).
 *
 * Usage: extend it with the service's own variables and read it with parseEnv, so a bad value of any of
 * them stops start-up with the variable named:
 * `parseEnv(serviceEnvSchema.extend({ CHAIN_API_PORT: port(3002) }), env, (details) => new MyConfigError(details))`
 */
export const serviceEnvSchema = z.object({
  HOST: optionalText.transform((value) => value ?? DEFAULT_HOST),
  PORTICO_DATA_DIR: optionalText,
  DATABASE_URL: postgresUrl,
  REDIS_URL: redisUrl,
})

export type ServiceEnv = z.output<typeof serviceEnvSchema>
