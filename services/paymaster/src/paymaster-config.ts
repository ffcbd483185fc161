import { readFileSync } from 'node:fs'
import {
  chainIdList,
  chainRpcUrls,
  flag,
  type LogLevel,
  logLevel,
  optionalText,
  originList,
  parseEnv,
  port,
  positiveInt,
  rpcUrlTemplate,
  serviceEnvSchema,
} from '@portico/http-kit'
import { PorticoError } from '@portico/wire'
import type { Address, Hex } from 'viem'
import { z } from 'zod'
import type { PaymasterServerOptions } from './create-paymaster-server.js'
import { type SponsorshipPolicy, sponsorshipPolicySchema } from './sponsorship-policy.js'

export class InvalidPaymasterConfigError extends PorticoError<'PAYMASTER_CONFIG_INVALID'> {
  override name = 'InvalidPaymasterConfigError'
  constructor(message: string) {
    super('PAYMASTER_CONFIG_INVALID', message)
  }
}

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'an 0x address')
  .transform((value) => value as Address)

const envSchema = serviceEnvSchema.extend({
  PAYMASTER_PORT: port(3007),
  PAYMASTER_HOST: optionalText,
  PAYMASTER_RPC_URL_TEMPLATE: rpcUrlTemplate,
  PAYMASTER_CHAIN_IDS: chainIdList([1, 10, 137, 8453, 42161, 11155111]),
  PAYMASTER_ADDRESS: address,
  PAYMASTER_ENTRY_POINT: optionalText.pipe(address.default('0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108')),
  PAYMASTER_SIGNER_PRIVATE_KEY: z
    .string({ error: 'required: the key the paymaster contract trusts' })
    .regex(/^0x[0-9a-fA-F]{64}$/, 'a 32-byte 0x hex private key')
    .transform((value) => value as Hex),
  PAYMASTER_POLICY: optionalText,
  PAYMASTER_POLICY_FILE: optionalText,
  PAYMASTER_VALID_FOR_SECONDS: positiveInt(600),
  PAYMASTER_CORS_ORIGINS: originList,
  PAYMASTER_RATE_LIMIT: flag(true),
  PAYMASTER_RATE_LIMIT_PER_IP: positiveInt(120),
  PAYMASTER_RATE_LIMIT_PER_PROJECT: positiveInt(600),
  PAYMASTER_RATE_LIMIT_WINDOW_MS: positiveInt(60_000),
  PAYMASTER_LOG_LEVEL: logLevel,
})

export type PaymasterConfig = PaymasterServerOptions & { port: number; host: string; logLevel: LogLevel }

/**
 * The sponsorship policy from JSON (PAYMASTER_POLICY, or the file PAYMASTER_POLICY_FILE names): a policy
 * that does not parse stops the start with the rule it breaks.
 */
export function parseSponsorshipPolicy(json: string, source: string): SponsorshipPolicy {
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch (error) {
    throw new InvalidPaymasterConfigError(`${source} is not JSON: ${(error as Error).message}`)
  }
  const parsed = sponsorshipPolicySchema.safeParse(value)
  if (!parsed.success) throw new InvalidPaymasterConfigError(`${source}: ${z.prettifyError(parsed.error)}`)
  return parsed.data
}

/** Reads the paymaster's settings from the environment; a bad value stops start-up with its variable named. */
export function loadPaymasterConfig(env: Record<string, string | undefined> = process.env): PaymasterConfig {
  const e = parseEnv(
    envSchema,
    env,
    (details) => new InvalidPaymasterConfigError(`Invalid paymaster configuration: ${details}`),
  )
  if (!e.PAYMASTER_POLICY === !e.PAYMASTER_POLICY_FILE)
    throw new InvalidPaymasterConfigError('set one of PAYMASTER_POLICY (JSON) and PAYMASTER_POLICY_FILE')
  const policy = e.PAYMASTER_POLICY
    ? parseSponsorshipPolicy(e.PAYMASTER_POLICY, 'PAYMASTER_POLICY')
    : parseSponsorshipPolicy(readFileSync(e.PAYMASTER_POLICY_FILE as string, 'utf8'), 'PAYMASTER_POLICY_FILE')
  return {
    port: e.PAYMASTER_PORT,
    host: e.PAYMASTER_HOST ?? e.HOST,
    chains: chainRpcUrls(e.PAYMASTER_RPC_URL_TEMPLATE, e.PAYMASTER_CHAIN_IDS),
    paymasterAddress: e.PAYMASTER_ADDRESS,
    entryPoint: e.PAYMASTER_ENTRY_POINT,
    signerPrivateKey: e.PAYMASTER_SIGNER_PRIVATE_KEY,
    policy,
    validForSeconds: e.PAYMASTER_VALID_FOR_SECONDS,
    corsOrigins: e.PAYMASTER_CORS_ORIGINS,
    rateLimit: e.PAYMASTER_RATE_LIMIT && {
      perIp: e.PAYMASTER_RATE_LIMIT_PER_IP,
      perProject: e.PAYMASTER_RATE_LIMIT_PER_PROJECT,
      timeWindowMs: e.PAYMASTER_RATE_LIMIT_WINDOW_MS,
    },
    redisUrl: e.REDIS_URL,
    // The daily counts: shared by every replica on DATABASE_URL's PostgreSQL, else PGlite in the data folder.
    databaseUrl: e.DATABASE_URL,
    dataDir: e.PORTICO_DATA_DIR,
    logLevel: e.PAYMASTER_LOG_LEVEL,
  }
}
