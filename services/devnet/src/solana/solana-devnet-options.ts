import { z } from 'zod'
import { DevnetError } from '../devnet-error.js'
import { SOLANA_CLUSTER_NAMES, type SolanaClusterName } from './clusters.js'

const logSchema = z.custom<(line: string) => void>((value) => typeof value === 'function', {
  message: 'expected a function (line: string) => void',
})

const optionsSchema = z.strictObject({
  /** Port of the one HTTP + WebSocket server; 0 picks a free one. */
  port: z.number().int().min(0).max(65_535).default(8899),
  host: z.string().min(1).default('127.0.0.1'),
  clusters: z
    .array(z.enum(SOLANA_CLUSTER_NAMES as [SolanaClusterName, ...SolanaClusterName[]]))
    .min(1)
    .refine((names) => new Set(names).size === names.length, 'clusters must be unique')
    .default([...SOLANA_CLUSTER_NAMES]),
  /** Folder for the clusters' saved state; omitted means in-memory clusters. */
  dataDir: z.string().min(1).optional(),
  /** Delete saved state before starting. */
  clean: z.boolean().default(false),
  /** Slot time: every slot brings a new blockhash and clock time (400 ms as on the real clusters). */
  slotMs: z.number().int().min(1).max(60_000).default(400),
  /** A processed transaction counts as confirmed after this long … */
  confirmedAfterMs: z.number().int().min(0).default(500),
  /** … and as finalized after this long (the real clusters take ~13 s; short here so UIs show all three). */
  finalizedAfterMs: z.number().int().min(0).default(2_000),
  /** How often state is written when transactions changed it (and always at stop). */
  saveIntervalMs: z.number().int().min(10).default(5_000),
  log: logSchema.optional(),
})

export type SolanaDevnetOptions = z.input<typeof optionsSchema>
export type ResolvedSolanaDevnetOptions = z.output<typeof optionsSchema>

export function parseSolanaDevnetOptions(options: unknown): ResolvedSolanaDevnetOptions {
  const result = optionsSchema.safeParse(options ?? {})
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join('.') || '(options)'}: ${issue.message}`,
    )
    throw new DevnetError('DEVNET_INVALID_OPTIONS', `invalid Solana devnet options: ${problems.join('; ')}`)
  }
  if (result.data.finalizedAfterMs < result.data.confirmedAfterMs) {
    throw new DevnetError(
      'DEVNET_INVALID_OPTIONS',
      'invalid Solana devnet options: finalizedAfterMs must not be below confirmedAfterMs',
    )
  }
  return result.data
}
