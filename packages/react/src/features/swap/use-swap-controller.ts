import { createSwapController, type Portico, type SwapController } from '@portico/core'

const controllers = new WeakMap<Portico, SwapController>()

/**
 * The swap of one Portico instance: it outlives its views (the token picker and the preview come back
 * to the same form, and a rejection in the wallet leaves it intact). It loads with the first of them.
 */
export function swapControllerOf(portico: Portico): SwapController {
  let controller = controllers.get(portico)
  if (!controller) {
    controller = createSwapController(portico)
    controllers.set(portico, controller)
  }
  return controller
}
