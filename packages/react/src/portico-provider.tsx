import type {
  ConfiguredChainId,
  CreatePorticoOptions,
  NetworkInput,
  Portico,
  PorticoConfigInput,
  PorticoInitialState,
  ViewName,
} from '@portico/core'
import { createPorticoWithRuntime } from '@portico/core/internal'
import { type ComponentType, type ReactNode, useEffect, useInsertionEffect, useState } from 'react'
import { injectButtonStyles } from './button-styles.js'
import { PorticoContext } from './portico-context.js'
import { onPrefetch, waitsForIntent } from './prefetch.js'

/** The modal shell, its runtime and the Connect view: one module, one request (see open-path.ts). */
const loadModal = () => import('./modal/open-path.js')

/** An open starts with the modal's module (the Connect view is in it); the view it opens on loads from there. */
const firstViews: Partial<Record<ViewName, () => Promise<unknown>>> = {
  Connect: loadModal,
  Account: loadModal,
  Networks: loadModal,
}

function whenIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(callback, { timeout: 2_000 })
    return () => cancelIdleCallback(handle)
  }
  const handle = setTimeout(callback, 50)
  return () => clearTimeout(handle)
}

/**
 * A Portico instance whose modal runtime loads with the modal's own module (one request on open), for
 * `<PorticoProvider portico={…}>`: create it once, outside React, when something besides the provider
 * needs the same instance (wagmi's config: `porticoWagmiConfig({ portico })` from `@portico/evm`).
 */
export function createPortico<const networks extends NetworkInput[]>(
  config: PorticoConfigInput<networks>,
  options: CreatePorticoOptions = {},
): Portico<ConfiguredChainId<networks>> {
  return createPorticoWithRuntime(config, { ...options, loadRuntime: options.loadRuntime ?? loadModal })
}

/** Props of `<PorticoProvider>`: either a `config` or a `portico` instance, and the app. */
export type PorticoProviderProps = {
  /** The app: every Portico hook and button must be rendered under the provider. */
  children?: ReactNode
} & (
  | {
      /** Read once, on the first render: the provider creates its Portico instance from it. */
      config: PorticoConfigInput
      /** Not with `config`. */
      portico?: undefined
      /** Where the connection is remembered: localStorage by default, `cookieStorage` for SSR. Read once. */
      storage?: CreatePorticoOptions['storage']
      /**
       * For SSR: what `cookieToInitialState` read from the request's cookie on the server, so the server's
       * HTML and the first render in the browser show the same account. Read once.
       */
      initialState?: PorticoInitialState | undefined
    }
  | {
      /**
       * An instance made with `createPortico`, shared with wagmi's config; read once, on the first render.
       * For SSR, give `createPortico` the storage and initial state.
       */
      portico: Portico
      /** Not with `portico`. */
      config?: undefined
      /** Not with `portico`: `createPortico(config, { storage })`. */
      storage?: undefined
      /** Not with `portico`: `createPortico(config, { initialState })`. */
      initialState?: undefined
    }
)

/**
 * Gives the app below it a Portico instance (hooks, `<ConnectButton>`, `<NetworkButton>`) and renders
 * the modal. Nothing of the modal loads before the page is idle after its first paint (or, with
 * `prefetch: 'intent'`, before the visitor shows the intent to open it). Renders on the server too.
 *
 * @example
 * ```tsx
 * import { ConnectButton, PorticoProvider } from '@portico/react'
 * import { evm } from '@portico/evm'
 *
 * const config = { projectId: 'my-dapp', networks: [1, 8453], adapters: [evm()] }
 *
 * export function App() {
 *   return (
 *     <PorticoProvider config={config}>
 *       <ConnectButton />
 *     </PorticoProvider>
 *   )
 * }
 * ```
 */
export function PorticoProvider(props: PorticoProviderProps) {
  const { portico: given, children } = props
  const [portico] = useState<Portico>(
    () =>
      given ??
      createPortico(props.config as PorticoConfigInput, {
        ...(props.storage ? { storage: props.storage } : {}),
        initialState: props.initialState,
      }),
  )
  // The loaded modal component itself, not React.lazy: a lazy component suspends on its first render
  // even when its chunk is already here, and React then holds the reveal back for up to 300 ms.
  const [ModalRoot, setModalRoot] = useState<ComponentType | null>(null)

  useInsertionEffect(() => injectButtonStyles(document), [])
  useEffect(() => portico.mount(), [portico])
  useEffect(() => {
    // Nothing of the modal loads before the visitor's intent (a button's hover, focus or press) or an
    // open: then the modal, its runtime (wallet list, explorer…) and the first view load together,
    // and the modal mounts (closed) so the click renders it at once.
    let active = true
    let started = false
    const prefetch = (view: ViewName) => {
      // The wallet list's request goes out first, so it travels beside the modal's code, not after it.
      const runtimeReady = started ? undefined : portico.preload()
      const modalModule = loadModal()
      void firstViews[view]?.().catch(() => {})
      // The modal mounts once the view it opens on is here too, so the open renders it at once
      // (a view that has to suspend first is held back by React's fallback throttle).
      const modalReady = modalModule.then((module) =>
        module.preloadView(view).then(
          () => module,
          () => module,
        ),
      )
      void modalReady.catch(() => {})
      if (started) return
      started = true
      Promise.all([runtimeReady, modalReady]).then(
        ([, module]) => {
          if (active) module.mountModal(portico, () => setModalRoot(() => module.default))
          module.warmUp(portico)
        },
        () => {
          // load() logged it; a failed chunk may load on the next intent.
          started = false
        },
      )
    }
    const unregister = onPrefetch(portico, prefetch)
    // The default ('idle') loads the modal once the page is idle, after its first paint, so any open
    // (a script's click() or open() with no intent before it too) renders at once; 'intent' (or a
    // visitor who saves data) waits for the visitor's intent over Portico's buttons.
    const cancelIdle = whenIdle(() => {
      if (!waitsForIntent(portico)) prefetch(portico.router.current()?.view ?? 'Connect')
    })
    /** Cancels the idle callbacks of pending next-view loads on unmount. */
    const stops = new Set<() => void>()
    const onOpen = () => {
      const view = portico.router.current()?.view ?? 'Connect'
      prefetch(view)
      // Once the open has rendered, the views the next steps show load in the background (not
      // beside the first view's chunks, which the open waits on).
      void loadModal()
        .then((module) => {
          const stop = whenIdle(() => {
            stops.delete(stop)
            void module.preloadViews().catch(() => {})
          })
          stops.add(stop)
        })
        .catch(() => {})
    }
    if (portico.modal.store.getState().open) onOpen()
    const unsubscribe = portico.modal.store.subscribe((state, previous) => {
      if (state.open && !previous.open) onOpen()
    })
    return () => {
      active = false
      cancelIdle()
      for (const stop of stops) stop()
      unregister()
      unsubscribe()
    }
  }, [portico])

  return (
    <PorticoContext.Provider value={portico}>
      {children}
      {ModalRoot ? <ModalRoot /> : null}
    </PorticoContext.Provider>
  )
}
