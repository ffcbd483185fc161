import {
  chainIdList,
  chainRpcUrls,
  type LogLevel,
  logLevel,
  optionalText,
  originList,
  parseEnv,
  port,
  rpcUrlTemplate,
  serviceEnvSchema,
} from '@portico/http-kit'
import type { Address, Hex } from 'viem'
import { z } from 'zod'
import { BundlerError } from './bundler-error.js'
import type { BundlerServerOptions } from './create-bundler-server.js'

/** EntryPoint v0.8 (what Simple7702Account trusts) and v0.7, at their addresses on every public chain. */
export const DEFAULT_ENTRY_POINTS: readonly Address[] = [
  '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108',
  '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
]

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'an 0x address')
  .transform((value) => value as Address)

const envSchema = serviceEnvSchema.extend({
  BUNDLER_PORT: port(3006),
  BUNDLER_HOST: optionalText,
  BUNDLER_RPC_URL_TEMPLATE: rpcUrlTemplate,
  BUNDLER_CHAIN_IDS: chainIdList([1, 10, 137, 8453, 42161, 11155111]),
  BUNDLER_EXECUTOR_PRIVATE_KEY: z
    .string({ error: 'required: the key that sends handleOps and pays their gas' })
    .regex(/^0x[0-9a-fA-F]{64}$/, 'a 32-byte 0x hex private key')
    .transform((value) => value as Hex),
  BUNDLER_ENTRY_POINTS: optionalText
    .transform((value) => (value ? value.split(',').map((item) => item.trim()) : [...DEFAULT_ENTRY_POINTS]))
    .pipe(z.array(address).min(1)),
  BUNDLER_CORS_ORIGINS: originList,
  BUNDLER_LOG_LEVEL: logLevel,
})

export type BundlerConfig = Omit<BundlerServerOptions, 'log'> & { port: number; logLevel: LogLevel }

/** Reads the bundler's settings from the environment; a bad value stops start-up with its variable named. */
export function loadBundlerConfig(env: Record<string, string | undefined> = process.env): BundlerConfig {
  const e = parseEnv(
    envSchema,
    env,
    (details) => new BundlerError('BUNDLER_CONFIG_INVALID', `Invalid bundler configuration: ${details}`),
  )
  return {
    port: e.BUNDLER_PORT,
    host: e.BUNDLER_HOST ?? e.HOST,
    chains: chainRpcUrls(e.BUNDLER_RPC_URL_TEMPLATE, e.BUNDLER_CHAIN_IDS),
    entryPoints: e.BUNDLER_ENTRY_POINTS,
    executorPrivateKey: e.BUNDLER_EXECUTOR_PRIVATE_KEY,
    corsOrigins: e.BUNDLER_CORS_ORIGINS,
    logLevel: e.BUNDLER_LOG_LEVEL,
  }
}
