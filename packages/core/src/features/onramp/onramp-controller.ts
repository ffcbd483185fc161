import { perPortico } from '../../per-portico.js'
import type { Portico } from '../../portico.js'
import { createStore } from '../../store.js'
import { createOnrampClient, type OnrampClient } from './onramp-client.js'
import type { OnrampContext } from './onramp-context.js'
import { DEFAULT_ONRAMP_OPTIONS } from './onramp-defaults.js'
import { readOnrampOptions } from './onramp-options.js'
import { setOnrampWindowBlocked, startOnrampPurchase, watchOnrampPurchase } from './onramp-purchase.js'
import {
  onrampAmountProblem,
  quoteOnramp,
  selectedPaymentCurrency,
  selectOnramp,
} from './onramp-selection.js'
import { EMPTY_ONRAMP_SELECTION, type OnrampController, type OnrampState } from './onramp-state.js'

export {
  ONRAMP_FIRST_POLLS,
  ONRAMP_POLL_INTERVAL_MS,
  type OnrampController,
  type OnrampPurchaseInProgress,
  type OnrampSelection,
  type OnrampState,
} from './onramp-state.js'

/** The on-ramp of one Portico instance: what the Buy views read and do. */
export function createOnrampController(portico: Portico, client?: OnrampClient): OnrampController {
  const context: OnrampContext = {
    portico,
    api:
      client ??
      createOnrampClient({ baseUrl: portico.config.chainApiUrl, projectId: portico.config.projectId }),
    store: createStore<OnrampState>({
      status: 'idle',
      options: DEFAULT_ONRAMP_OPTIONS,
      optionsFallback: false,
      providers: [],
      selection: EMPTY_ONRAMP_SELECTION,
      quote: undefined,
      quoteStatus: 'idle',
      purchase: undefined,
    }),
    quoteRun: 0,
    initializing: undefined,
  }
  return {
    store: context.store,
    init() {
      // One read serves the intent that prefetched it and the view that opened; a ready form stays usable
      // while it is read again.
      context.initializing ??= readOnrampOptions(context).finally(() => {
        context.initializing = undefined
      })
      return context.initializing
    },
    select: (change) => selectOnramp(context, change),
    paymentCurrency: () => selectedPaymentCurrency(context),
    problem: () => onrampAmountProblem(context),
    quote: () => quoteOnramp(context),
    start: (providerName) => startOnrampPurchase(context, providerName),
    watch: (intervalMs) => watchOnrampPurchase(context, intervalMs),
    clearPurchase: () => context.store.setState({ purchase: undefined }),
    setWindowBlocked: (blocked) => setOnrampWindowBlocked(context, blocked),
  }
}

/** The on-ramp controller of a Portico instance, created when the Buy views first need it. */
export const onrampControllerOf: (portico: Portico) => OnrampController = perPortico(createOnrampController)
