import { z } from 'zod'

/** The options a dApp may pass with `signAndSendTransaction` (spec §5), checked before they reach a wallet. */
export const sendOptionsSchema = z
  .object({
    skipPreflight: z.boolean().optional(),
    preflightCommitment: z.enum(['processed', 'confirmed', 'finalized']).optional(),
    maxRetries: z.number().int().min(0).max(100).optional(),
    minContextSlot: z.number().int().nonnegative().optional(),
  })
  .strict()

export type SolanaSendOptions = z.infer<typeof sendOptionsSchema>
