import { z } from 'zod'

/**
 * GET /v1/profile/account/{name}, and each element of GET /v1/profile/reverse/{address}: Web3Modal's
 * BlockchainApiLookupEnsName. `registered` and `updated` are unix seconds; `addresses` is keyed by ENSIP-11
 * coin type (as a string); `attributes` is a list of attribute records, as that type has it: the name's one
 * record ({avatar?, bio?}), or empty when it has none.
 */
export const nameProfileSchema = z.object({
  name: z.string(),
  registered: z.number(),
  updated: z.number(),
  addresses: z.record(z.string(), z.object({ address: z.string(), created: z.string() })),
  attributes: z.array(z.object({ avatar: z.string().optional(), bio: z.string().optional() })),
})

export type NameProfile = z.infer<typeof nameProfileSchema>

/** GET /v1/profile/suggestions/{name}: the name itself first with its state, then free variants. */
export const nameSuggestionsResponseSchema = z.object({
  suggestions: z.array(z.object({ name: z.string(), registered: z.boolean() })),
})

export type NameSuggestionsResponse = z.infer<typeof nameSuggestionsResponseSchema>

/**
 * A refused profile request: the kit's error body plus Web3Modal's BlockchainApiEnsError fields, `status`
 * and `reasons` (whose first description a client shows).
 */
export const profileErrorResponseSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), parameter: z.string().optional() }),
  status: z.string(),
  reasons: z.array(z.object({ name: z.string(), description: z.string() })).min(1),
})

export type ProfileErrorResponse = z.infer<typeof profileErrorResponseSchema>
