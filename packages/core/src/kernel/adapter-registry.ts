import type { ChainNamespace } from '../connection/caip.js'
import type {
  AdapterContext,
  AdapterEvent,
  ChainAdapter,
  ChainAdapterFactory,
} from '../connection/chain-adapter.js'
import { PorticoError } from '../errors/errors.js'

export interface AdapterRegistry {
  /** The namespaces the dApp configured, in its order (the first is the default). */
  namespaces: readonly ChainNamespace[]
  /** Loads the namespace's adapter once (its SDKs are a chunk of their own). */
  load(namespace: ChainNamespace): Promise<ChainAdapter>
  /** The adapter if it has loaded already (disconnecting must not load one). */
  loaded(namespace: ChainNamespace): Promise<ChainAdapter> | undefined
  isAddress(namespace: ChainNamespace, address: string): boolean
  /** Adds what a feature contributes to every adapter's context (the embedded wallet's provider). */
  extendContext(extra: Partial<AdapterContext>): void
}

/** One adapter per namespace, loaded on first use, each with one event subscription for its lifetime. */
export function createAdapterRegistry(options: {
  factories: readonly ChainAdapterFactory[]
  context: AdapterContext
  onEvent(namespace: ChainNamespace, event: AdapterEvent): void
}): AdapterRegistry {
  const factories = new Map(options.factories.map((factory) => [factory.namespace, factory]))
  const adapters = new Map<ChainNamespace, Promise<ChainAdapter>>()
  const context: AdapterContext = { ...options.context }

  return {
    namespaces: [...factories.keys()],
    load(namespace) {
      const pending = adapters.get(namespace)
      if (pending) return pending
      const factory = factories.get(namespace)
      if (!factory) {
        return Promise.reject(new PorticoError('ADAPTER_MISSING', `No ${namespace} adapter configured.`))
      }
      const loading = factory
        .load(context)
        .then((adapter) => {
          // A remount (React StrictMode) reuses the adapter: unsubscribing on unmount would lose events.
          adapter.subscribe((event) => options.onEvent(namespace, event))
          return adapter
        })
        .catch((error) => {
          adapters.delete(namespace)
          throw error
        })
      adapters.set(namespace, loading)
      return loading
    },
    loaded: (namespace) => adapters.get(namespace),
    isAddress: (namespace, address) => factories.get(namespace)?.isAddress(address) ?? false,
    extendContext(extra) {
      Object.assign(context, extra)
    },
  }
}
