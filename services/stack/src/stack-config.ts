import { resolve } from 'node:path'
import { type AllowedOrigins, parseAllowedOrigins } from '@portico/auth'
import { loadRelayLimits, type RelayLimits } from '@portico/relay'
import { z } from 'zod'

const port = (fallback: number) => z.coerce.number().int().min(0).max(65_535).default(fallback)
const flag = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no'])
    .default(fallback ? '1' : '0')
    .transform((value) => value === '1' || value === 'true' || value === 'yes')

/** Everything `npm start` reads from the environment, with the documented defaults. */
const stackEnvSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  DEMO_PORT: port(3000),
  EXPLORER_PORT: port(3001),
  CHAIN_API_PORT: port(3002),
  RELAY_PORT: port(3003),
  AUTH_PORT: port(3004),
  WALLET_PORT: port(3005),
  BUNDLER_PORT: port(3006),
  PAYMASTER_PORT: port(3007),
  /** The paymaster's sponsorship policy (JSON); unset: the demo project on every devnet chain. */
  PAYMASTER_POLICY: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined),
  SMTP_PORT: port(2525),
  DEVNET_PORT: port(8545),
  SOLANA_DEVNET_PORT: port(8899),
  PORTICO_DATA_DIR: z.string().min(1).default('.data'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /** More projects that may embed the wallet frame, besides the demo (auth's format). */
  AUTH_ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((value, context) => {
      if (!value?.trim()) return undefined
      try {
        return parseAllowedOrigins(value)
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message })
        return z.NEVER
      }
    }),
  /** Coinbase Onramp's app id: lists Coinbase as an on-ramp provider (unavailable without). */
  COINBASE_ONRAMP_APP_ID: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined),
  PORTICO_CLEAN: flag(false),
  PORTICO_TEST_WALLET: flag(true),
})

/** Every service on a port the system picks: for tests and tools that run beside another stack. */
export const FREE_PORTS = {
  demo: 0,
  explorer: 0,
  chainApi: 0,
  relay: 0,
  wallet: 0,
  devnet: 0,
  solanaDevnet: 0,
  auth: 0,
  smtp: 0,
  bundler: 0,
  paymaster: 0,
} as const satisfies Required<StackConfig['ports']>

export interface StackConfig {
  host: string
  ports: {
    demo: number
    explorer: number
    chainApi: number
    relay: number
    wallet: number
    devnet: number
    /** The local Solana clusters, one server: JSON-RPC and WebSocket at /<cluster> (optional: 8899). */
    solanaDevnet?: number
    /** The auth service; it also serves the wallet frame (optional: 3004). */
    auth?: number
    /** The embedded SMTP capture server the auth service mails to (optional: 2525). */
    smtp?: number
    /** The ERC-4337 bundler front, `POST /<chainId>` (optional: 3006). */
    bundler?: number
    /** The ERC-7677 paymaster, `POST /<projectId>` (optional: 3007). */
    paymaster?: number
  }
  /** The paymaster's sponsorship policy as JSON; unset: the demo project, every devnet chain. */
  paymasterPolicy?: string | undefined
  /** Absolute folder for persisted data; undefined keeps everything in memory. */
  dataDir: string | undefined
  /** PostgreSQL for the services instead of the embedded PGlite (scaled-out mode). */
  databaseUrl?: string | undefined
  /** Redis for the relay's fan-out and the services' shared rate-limit counters (scaled-out mode). */
  redisUrl?: string | undefined
  /** Projects besides the demo whose exact origins may embed the wallet frame. */
  authAllowedOrigins?: AllowedOrigins | undefined
  /** The relay's per-client limits (RELAY_MAX_SOCKETS_PER_CLIENT …); defaults when unset. */
  relayLimits?: RelayLimits | undefined
  /** Coinbase Onramp's app id; without it Coinbase is listed as unavailable. */
  coinbaseOnrampAppId?: string | undefined
  clean: boolean
  /** Load the test wallet into the demo page. */
  testWallet: boolean
}

export function readStackConfig(env: NodeJS.ProcessEnv, argv: readonly string[] = []): StackConfig {
  const result = stackEnvSchema.safeParse(env)
  if (!result.success) {
    const issue = result.error.issues[0]
    throw new Error(`Invalid environment: ${issue?.path.join('.')}: ${issue?.message}`)
  }
  const value = result.data
  return {
    host: value.HOST,
    ports: {
      demo: value.DEMO_PORT,
      explorer: value.EXPLORER_PORT,
      chainApi: value.CHAIN_API_PORT,
      relay: value.RELAY_PORT,
      wallet: value.WALLET_PORT,
      devnet: value.DEVNET_PORT,
      solanaDevnet: value.SOLANA_DEVNET_PORT,
      auth: value.AUTH_PORT,
      smtp: value.SMTP_PORT,
      bundler: value.BUNDLER_PORT,
      paymaster: value.PAYMASTER_PORT,
    },
    dataDir: resolve(value.PORTICO_DATA_DIR),
    databaseUrl: value.DATABASE_URL,
    redisUrl: value.REDIS_URL,
    authAllowedOrigins: value.AUTH_ALLOWED_ORIGINS,
    relayLimits: loadRelayLimits(env),
    coinbaseOnrampAppId: value.COINBASE_ONRAMP_APP_ID,
    paymasterPolicy: value.PAYMASTER_POLICY,
    clean: value.PORTICO_CLEAN || argv.includes('--clean'),
    testWallet: value.PORTICO_TEST_WALLET,
  }
}
