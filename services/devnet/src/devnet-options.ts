import { z } from 'zod'
import { DEVNET_CHAIN_IDS } from './devnet-chains.js'
import { DevnetError } from './devnet-error.js'

const logSchema = z.custom<(line: string) => void>((value) => typeof value === 'function', {
  message: 'expected a function (line: string) => void',
})

const devnetOptionsSchema = z.strictObject({
  /** Port of the HTTP front; 0 picks a free one. */
  port: z.number().int().min(0).max(65_535).default(8545),
  host: z.string().min(1).default('127.0.0.1'),
  chainIds: z
    .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
    .min(1)
    .refine((ids) => new Set(ids).size === ids.length, 'chain ids must be unique')
    .default([...DEVNET_CHAIN_IDS]),
  /** Folder for persisted chain state; omitted means in-memory chains. */
  dataDir: z.string().min(1).optional(),
  /** Delete persisted chain state before starting. */
  clean: z.boolean().default(false),
  log: logSchema.optional(),
})

export type DevnetOptions = z.input<typeof devnetOptionsSchema>
export type ResolvedDevnetOptions = z.output<typeof devnetOptionsSchema>

export function parseDevnetOptions(options: unknown): ResolvedDevnetOptions {
  const result = devnetOptionsSchema.safeParse(options ?? {})
  if (result.success) return result.data
  const problems = result.error.issues.map((issue) => {
    const field = issue.path.length > 0 ? formatPath(issue.path) : '(options)'
    return `${field}: ${issue.message}`
  })
  throw new DevnetError('DEVNET_INVALID_OPTIONS', `invalid devnet options: ${problems.join('; ')}`)
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)),
    '',
  )
}
