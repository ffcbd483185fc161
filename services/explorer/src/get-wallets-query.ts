import { z } from 'zod'
import { BadRequestError } from './explorer-errors.js'
import { caip2ChainId } from './wallet-entry.js'
import { WALLET_ID_PATTERN } from './wallet-ids.js'

export const DEFAULT_PAGE = 1
/** Spec §9: wallets page size 40; search pages ask for 100, the most we serve. */
export const DEFAULT_ENTRIES = 40
export const MAX_ENTRIES = 100
/** Far beyond any registry; keeps the SQL offset a small exact integer. */
export const MAX_PAGE = 100_000

const positiveInteger = (name: string, max: number) =>
  z
    .string({ error: `${name} must be a single integer` })
    .regex(/^\d+$/, `${name} must be an integer`)
    .transform(Number)
    .pipe(z.number().int().min(1, `${name} must be at least 1`).max(max, `${name} must be at most ${max}`))

const commaList = (name: string, item: z.ZodType<string, string>) =>
  z
    .string({ error: `${name} must be a comma-separated list` })
    .max(16_384)
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(500, `${name} may list at most 500 values`))

const walletId = z.string().regex(WALLET_ID_PATTERN, 'wallet ids are 64 lowercase hex characters')

// Unknown keys are ignored (z.object strips them), as the reference explorer does.
const getWalletsQuerySchema = z.object({
  page: positiveInteger('page', MAX_PAGE).default(DEFAULT_PAGE),
  entries: positiveInteger('entries', MAX_ENTRIES).default(DEFAULT_ENTRIES),
  chains: commaList('chains', caip2ChainId).optional(),
  include: commaList('include', walletId).optional(),
  exclude: commaList('exclude', walletId).optional(),
  search: z
    .string({ error: 'search must be a single string' })
    .max(100, 'search must be at most 100 characters')
    .transform((value) => value.trim())
    .optional(),
})

export type GetWalletsQuery = z.output<typeof getWalletsQuerySchema>

export function parseGetWalletsQuery(query: unknown): GetWalletsQuery {
  const parsed = getWalletsQuerySchema.safeParse(query ?? {})
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : ''
    throw new BadRequestError(
      'INVALID_QUERY',
      `Invalid query parameter ${where}${issue?.message ?? 'invalid'}`,
    )
  }
  return parsed.data
}
