import { type OnrampController, type OnrampState, onrampControllerOf } from '@portico/core/internal'
import { usePortico } from '../../use-portico.js'
import { useStore } from '../../use-store.js'

const selectState = (state: OnrampState) => state

/** The instance's on-ramp controller and its state. */
export function useOnramp(): { controller: OnrampController; state: OnrampState } {
  const controller = onrampControllerOf(usePortico())
  return { controller, state: useStore(controller.store, selectState) }
}
