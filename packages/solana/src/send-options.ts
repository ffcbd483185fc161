import * as z from 'zod/mini'

/** The options a dApp may pass with `signAndSendTransaction` (spec §5), checked before they reach a wallet. */
export const sendOptionsSchema = z.strictObject({
  skipPreflight: z.optional(z.boolean()),
  preflightCommitment: z.optional(z.enum(['processed', 'confirmed', 'finalized'])),
  maxRetries: z.optional(z.int().check(z.minimum(0), z.maximum(100))),
  minContextSlot: z.optional(z.int().check(z.minimum(0))),
})

/** Options of a Solana `signAndSendTransaction`: preflight, its commitment, retries and minimum slot. */
export type SolanaSendOptions = z.infer<typeof sendOptionsSchema>
