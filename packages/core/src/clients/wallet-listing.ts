import * as z from 'zod/mini'

const nullableString = z.nullable(z.string())

/** One wallet of the explorer's registry, as `/getWallets` sends it (spec §3, §7). */
export const walletListingSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  homepage: z.optional(nullableString),
  image_id: z.string(),
  image_url: z.string(),
  order: z.optional(z.number()),
  mobile_link: z.optional(nullableString),
  desktop_link: z.optional(nullableString),
  webapp_link: z.optional(nullableString),
  app_store: z.optional(nullableString),
  play_store: z.optional(nullableString),
  rdns: z.optional(nullableString),
  chains: z.optional(z.array(z.string())),
  injected: z.optional(z.nullable(z.array(z.object({ namespace: z.string(), injected_id: z.string() })))),
})

export type WalletListing = z.infer<typeof walletListingSchema>

export const getWalletsResponseSchema = z.object({
  count: z.number().check(z.int(), z.nonnegative()),
  data: z.array(walletListingSchema),
})

export type GetWalletsResponse = z.infer<typeof getWalletsResponseSchema>
