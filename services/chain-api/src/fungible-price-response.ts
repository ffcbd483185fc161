import { z } from 'zod'

export const fungiblePriceSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  iconUrl: z.string(),
  /** USD per whole token. */
  price: z.number(),
})

/** POST /v1/fungible/price; unknown addresses are left out. */
export const fungiblePriceResponseSchema = z.object({ fungibles: z.array(fungiblePriceSchema) })

export type FungiblePrice = z.infer<typeof fungiblePriceSchema>
export type FungiblePriceResponse = z.infer<typeof fungiblePriceResponseSchema>
