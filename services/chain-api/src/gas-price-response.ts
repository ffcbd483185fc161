import { z } from 'zod'

const wei = z.string().regex(/^\d+$/)

/** GET /v1/convert/gas-price: gas prices in wei as decimal strings, standard <= fast <= instant. */
export const gasPriceResponseSchema = z.object({ standard: wei, fast: wei, instant: wei })

export type GasPriceResponse = z.infer<typeof gasPriceResponseSchema>
