import { z } from 'zod'

/** An environment variable that may be unset or blank; both mean "not given". */
export const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))

/** An on/off environment variable (on, true, 1, yes / off, false, 0, no); unset or blank is `fallback`. */
export const flag = (fallback: boolean) =>
  z
    .enum(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((value) =>
      value === undefined || value === '' ? fallback : ['on', 'true', '1', 'yes'].includes(value),
    )

/** An environment variable read as a number; unset or blank is `fallback`. */
const numberOr = (fallback: number) =>
  z
    .string()
    .optional()
    .transform((value) => (value ? Number(value) : fallback))

/** A TCP port (0 lets the system choose); unset or blank is `fallback`. */
export const port = (fallback: number) => numberOr(fallback).pipe(z.number().int().min(0).max(65_535))

/** A count or duration that must be above zero; unset or blank is `fallback`. */
export const positiveInt = (fallback: number) => numberOr(fallback).pipe(z.number().int().positive())

/** Comma-separated chain ids (`1,10,8453`), at least one; unset or blank is `fallback`. */
export const chainIdList = (fallback: readonly number[]) =>
  optionalText
    .transform((value) => (value ? value.split(',').map((id) => Number(id.trim())) : [...fallback]))
    .pipe(z.array(z.number().int().positive()).min(1))

/** A required JSON-RPC URL with `{chainId}` where each chain's id goes, e.g. http://127.0.0.1:8545/{chainId}. */
export const rpcUrlTemplate = z
  .string({
    error: 'required: the chains’ JSON-RPC URL with {chainId}, e.g. http://127.0.0.1:8545/{chainId}',
  })
  .refine((value) => value.includes('{chainId}'), 'must contain {chainId}')
  .refine((value) => URL.canParse(value.replace('{chainId}', '1')), 'must be a URL')

/** Each chain with its JSON-RPC URL, from an `rpcUrlTemplate`. */
export const chainRpcUrls = (template: string, chainIds: readonly number[]) =>
  chainIds.map((chainId) => ({ chainId, rpcUrl: template.replace('{chainId}', String(chainId)) }))

/**
 * Comma-separated dApp origins a browser may call from, each reduced to its origin; '*' allows every
 * origin. Unset, blank or only commas is undefined: the local-only default of `isAllowedOrigin`.
 */
export const originList = optionalText
  .transform((value) =>
    value
      ?.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  )
  .transform((origins) => (origins && origins.length > 0 ? origins : undefined))
  .pipe(
    z
      .array(
        z.union([z.literal('*'), z.url({ protocol: /^https?$/ }).transform((url) => new URL(url).origin)]),
      )
      .optional(),
  )

/** A `postgres://` URL; unset or blank is undefined. */
export const postgresUrl = optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional())

/** A `redis://` or `rediss://` URL; unset or blank is undefined. */
export const redisUrl = optionalText.pipe(z.url({ protocol: /^rediss?$/ }).optional())

/** A Fastify (pino) log level; unset is info. */
export const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')

export type LogLevel = z.output<typeof logLevel>
