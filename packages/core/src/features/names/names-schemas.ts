import * as z from 'zod/mini'

/** `/v1/profile/*` answers (Web3Modal's BlockchainApiLookupEnsName and friends), checked before use. */
export const nameProfileSchema = z.object({
  name: z.string(),
  registered: z.number(),
  updated: z.number(),
  addresses: z.record(z.string(), z.object({ address: z.string(), created: z.string() })),
  attributes: z.array(z.object({ avatar: z.optional(z.string()), bio: z.optional(z.string()) })),
})
export type NameProfile = z.infer<typeof nameProfileSchema>

export const nameSuggestionSchema = z.object({ name: z.string(), registered: z.boolean() })
export type NameSuggestion = z.infer<typeof nameSuggestionSchema>

export const nameSuggestionsSchema = z.object({ suggestions: z.array(nameSuggestionSchema) })

/** A refusal's body: its first reason is what the visitor reads. */
export const nameRefusalSchema = z.object({
  reasons: z.array(z.object({ name: z.string(), description: z.string() })),
})
