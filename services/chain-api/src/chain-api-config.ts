import { DEVNET_CHAIN_IDS } from '@portico/devnet'
import { flag, optionalText } from '@portico/http-kit'
import { z } from 'zod'
import { DEFAULT_EXPLORER_URL } from './token-icons.js'

const httpUrl = z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, ''))

const envSchema = z.object({
  CHAIN_API_PORT: z
    .string()
    .optional()
    .transform((value) => (value ? Number(value) : 3002))
    .pipe(z.number().int().min(0).max(65_535)),
  CHAIN_API_HOST: optionalText,
  HOST: optionalText,
  DEVNET_URL: optionalText.transform((value) => value ?? 'http://127.0.0.1:8545').pipe(httpUrl),
  CHAIN_API_CHAIN_IDS: optionalText
    .transform((value) => (value ? value.split(',').map((id) => Number(id.trim())) : [...DEVNET_CHAIN_IDS]))
    .pipe(z.array(z.number().int().positive()).min(1)),
  EXPLORER_URL: optionalText.transform((value) => value ?? DEFAULT_EXPLORER_URL).pipe(httpUrl),
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  PORTICO_DATA_DIR: optionalText,
  CHAIN_API_CORS_ORIGINS: optionalText.transform((value) =>
    value
      ?.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  ),
  CHAIN_API_INDEXER: flag(true),
  CHAIN_API_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
})

export interface ChainApiConfig {
  port: number
  host: string
  devnetUrl: string
  chainIds: number[]
  explorerUrl: string
  databaseUrl: string | undefined
  dataDir: string | undefined
  /** Allowed dApp origins; undefined means any http(s) origin on localhost or 127.0.0.1. */
  corsOrigins: string[] | undefined
  indexer: boolean
  logLevel: z.output<typeof envSchema>['CHAIN_API_LOG_LEVEL']
}

export class InvalidChainApiConfigError extends Error {
  readonly code = 'CHAIN_API_CONFIG_INVALID'
}

/** Reads the service's settings from the environment; a bad value stops start-up with its variable named. */
export function loadChainApiConfig(env: Record<string, string | undefined> = process.env): ChainApiConfig {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    throw new InvalidChainApiConfigError(`Invalid chain API configuration: ${z.prettifyError(parsed.error)}`)
  }
  const e = parsed.data
  return {
    port: e.CHAIN_API_PORT,
    host: e.CHAIN_API_HOST ?? e.HOST ?? '127.0.0.1',
    devnetUrl: e.DEVNET_URL,
    chainIds: e.CHAIN_API_CHAIN_IDS,
    explorerUrl: e.EXPLORER_URL,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.PORTICO_DATA_DIR,
    corsOrigins: e.CHAIN_API_CORS_ORIGINS?.length ? e.CHAIN_API_CORS_ORIGINS : undefined,
    indexer: e.CHAIN_API_INDEXER,
    logLevel: e.CHAIN_API_LOG_LEVEL,
  }
}
