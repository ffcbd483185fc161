import { createSwapController, perPortico } from '@portico/core/internal'

/**
 * The swap of one Portico instance: it outlives its views (the token picker and the preview come back
 * to the same form, and a rejection in the wallet leaves it intact). It loads with the first of them.
 */
export const swapControllerOf = perPortico(createSwapController)
