import { createChainApiClient } from './clients/chain-api-client.js'
import { installActivity } from './features/activity/activity-feature.js'
import { installAnalytics } from './features/analytics/analytics-feature.js'
import { installAuth } from './features/auth/auth-feature.js'
import { installBalances } from './features/balances/balances-feature.js'
import type { FeatureContext } from './features/feature-context.js'
import { installNames } from './features/names/names-feature.js'
import { installPairing } from './features/pairing/pairing-feature.js'
import { installWalletList } from './features/wallet-list/wallet-list-feature.js'
import { createModalFlow, type ModalUi } from './flow/modal-flow.js'
import { createKernel } from './kernel/kernel.js'
import type { KernelCore } from './kernel/kernel-types.js'
import { afterFirstFrame } from './modal/after-first-frame.js'
import type { Portico } from './portico-types.js'

/** What `createPortico` builds on the first paint: the connection state and the modal's stores. */
export type RuntimeCore = KernelCore & ModalUi

/**
 * The modal runtime: the kernel and the features the first paint does not need. `createPortico`
 * loads this module on the visitor's intent (hover, focus, press of a button), on open, or when a
 * remembered connection has to be confirmed.
 */
export interface Runtime
  extends Pick<
    Portico,
    | 'explorer'
    | 'chainApi'
    | 'history'
    | 'wallets'
    | 'analytics'
    | 'pairing'
    | 'auth'
    | 'siwe'
    | 'names'
    | 'connect'
    | 'disconnect'
    | 'switchNetwork'
    | 'refreshBalance'
    | 'signMessage'
    | 'sendTransaction'
    | 'estimateFee'
    | 'getProvider'
    | 'watchTransaction'
  > {
  /** Confirms the remembered connection with the wallet. */
  reconnect(isCancelled: () => boolean): Promise<void>
  /** `mount()` ran after the runtime was created. */
  start(): void
  /** The config's full validation: rejects with its ConfigError (logged) for an invalid config. */
  validated: Promise<void>
}

/**
 * Starts the kernel and installs the features; features a dApp turns on (SIWE) load with it only when
 * configured. The config's full validation (zod, with its schema) follows in its own chunk once the
 * modal has painted (or when `validated` is read): the first paint checked what the open relies on, so
 * the open does not wait on the schema library.
 */
export async function createRuntime(core: RuntimeCore): Promise<Runtime> {
  // The schema's chunk is requested and evaluated once the modal has painted, off a cold open's path,
  // or at once when the dApp awaits `portico.load()`.
  let validated: Promise<void> | undefined
  const validate = () => {
    if (!validated) {
      validated = import('./config/validate-config.js').then(({ validateConfig }) =>
        validateConfig(core.input),
      )
      validated.catch((error: unknown) => console.error(error))
    }
    return validated
  }
  afterFirstFrame(validate)
  const kernel = createKernel(core)
  // The flow subscribes first: the modal has moved on before features hear of a connection.
  const flow = createModalFlow(kernel, core)
  const context: FeatureContext = { ...kernel, ...flow }
  const chainApi = createChainApiClient({
    baseUrl: core.config.chainApiUrl,
    projectId: core.config.projectId,
  })
  const { explorer, wallets } = installWalletList(context)
  const analytics = installAnalytics(context, explorer)
  const refreshBalance = installBalances(context, chainApi)
  const history = installActivity(context, chainApi)
  const pairing = installPairing(context, wallets)
  const auth = installAuth(context)
  // Read from the input (the first paint's resolved config does not carry it) and checked with its own
  // guard in SIWE's chunk: the full validation, which says what is wrong, may not have run yet.
  const siweConfig = core.input.siwe
  const siwe =
    siweConfig && siweConfig.enabled !== false
      ? await import('./features/siwe/siwe-feature.js').then(({ installSiwe, isSiweConfig }) =>
          isSiweConfig(siweConfig) ? installSiwe(context, siweConfig) : undefined,
        )
      : undefined
  const names = installNames(context)

  return {
    explorer,
    chainApi,
    history,
    wallets,
    analytics,
    pairing,
    auth,
    siwe,
    names,
    connect: flow.connect,
    disconnect: flow.disconnect,
    switchNetwork: flow.switchNetwork,
    refreshBalance,
    signMessage: kernel.signMessage,
    sendTransaction: kernel.sendTransaction,
    estimateFee: kernel.estimateFee,
    getProvider: (namespace = 'eip155') => kernel.getProvider(namespace),
    watchTransaction: (hash, namespace = 'eip155') => kernel.watchTransaction(hash, namespace),
    reconnect: kernel.reconnect,
    start: () => analytics.start(),
    get validated() {
      return validate()
    },
  }
}
