import { z } from 'zod'
import { InvalidParameterError } from './chain-api-errors.js'
import { solanaAddressSchema } from './solana/solana-manifest.js'

/** Any non-empty token of letters, digits, '-' and '_'; the service does not (yet) check it against a list. */
export const projectIdSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'expected a string') })
  .trim()
  .min(1, 'is required')
  .max(128, 'longer than 128 characters')
  .regex(/^[\w-]+$/, 'expected letters, digits, "-" or "_"')

/** EVM address: 40 hex characters with an optional 0x prefix (spec §5); normalised to lower-case 0x form. */
export const evmAddressSchema = z
  .string({ error: 'is required' })
  .regex(/^(0x)?[0-9a-fA-F]{40}$/, 'expected 40 hex characters with an optional 0x prefix')
  .transform((value) => `0x${value.slice(-40).toLowerCase()}` as `0x${string}`)

/** A chain as CAIP-2 (`eip155:1`) or a bare number (`1`), as clients of the reference service send both. */
export const chainIdSchema = z
  .string({ error: 'is required' })
  .regex(/^(eip155:)?[1-9]\d{0,15}$/, 'expected a CAIP-2 id such as eip155:1 or a positive integer')
  .transform((value) => Number(value.replace('eip155:', '')))
  .pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))

export const currencySchema = z
  .string()
  .optional()
  .transform((value) => value?.toLowerCase() ?? 'usd')
  .pipe(z.literal('usd', { error: 'only usd is supported' }))

/**
 * Parses one request (path params, query and body merged) with `schema`; the first problem becomes a 400
 * naming its parameter.
 */
export function parseParameters<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const parameter = issue?.path.length ? issue.path.map(String).join('.') : 'request'
  const message = issue?.code === 'unrecognized_keys' ? issue.message : (issue?.message ?? 'invalid')
  throw new InvalidParameterError(parameter, message)
}

/** Rejects a chain the service does not follow, listing the ones it does. */
export function assertServedChain(chainId: number, served: readonly number[], parameter = 'chainId') {
  if (!served.includes(chainId)) {
    throw new InvalidParameterError(
      parameter,
      `eip155:${chainId} is not served here (served: ${served.map((id) => `eip155:${id}`).join(', ')})`,
    )
  }
}

/** A Solana cluster's CAIP-2 id: `solana:` and the first 32 characters of its genesis hash. */
export const solanaNetworkIdSchema = z
  .string()
  .regex(
    /^solana:[1-9A-HJ-NP-Za-km-z]{32}$/,
    'expected a CAIP-2 id such as solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  )
  .transform((value) => value as `solana:${string}`)

/** A chain of either namespace: an EVM chain id (`eip155:1` or `1`) or a Solana cluster (`solana:…`). */
export const anyChainIdSchema = z.union([solanaNetworkIdSchema, chainIdSchema]) as z.ZodType<
  number | `solana:${string}`,
  string
>

/** An account of either namespace: a 0x address (lower-cased) or a base58 Solana address (kept as is). */
export const anyAddressSchema = z.union([evmAddressSchema, solanaAddressSchema], {
  error: 'expected an EVM address (40 hex characters) or a Solana address (32 to 44 base58 characters)',
})

export const isSolanaAddress = (address: string) => !address.startsWith('0x')
