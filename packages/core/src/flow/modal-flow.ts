import type { ChainId } from '../connection/caip.js'
import type { Connection } from '../connection/connection-controller.js'
import type { Connector, ConnectorType } from '../connection/connector.js'
import { errorMessage } from '../errors/error-message.js'
import { ConnectorAlreadyConnectedError, type PorticoError } from '../errors/errors.js'
import { normalizeError } from '../errors/normalize-error.js'
import { t } from '../i18n/messages.js'
import type { Kernel } from '../kernel/kernel-types.js'
import { dismissErrorToast } from '../modal/dismiss-error-toast.js'
import type { ModalController } from '../modal/modal-controller.js'
import type { Router, ViewName } from '../modal/router.js'
import type { ThemeController } from '../modal/theme-controller.js'
import type { ToastController } from '../modal/toast-controller.js'

/** The modal's stores, created on the first paint, that the flow drives. */
export interface ModalUi {
  router: Router
  modal: ModalController
  toast: ToastController
  theme: ThemeController
}

/** How a connector type connects when picked (WalletConnect shows a pairing first). */
export type ConnectStrategy = (
  connector: Connector,
  options: { walletId?: string | undefined },
) => Promise<void>

/**
 * A further step a feature asks for after a new connection (signing in with the wallet): its view shows
 * instead of the modal closing. Undefined: nothing to do for this connection.
 */
export type AfterConnectStep = (connection: Connection) => ViewName | undefined

/**
 * The modal's flow: the visitor's actions as the modal carries them out (views and toasts around the
 * kernel's actions), and what the modal shows when the kernel announces something. The only code
 * besides the views and the features' own sheets that names a view.
 */
export interface ModalFlow extends ModalUi {
  /** The visitor picked a connector: its type's strategy runs, or the wallet's own account request. */
  connect(connectorId: string, options?: { walletId?: string | undefined }): Promise<void>
  disconnect(): Promise<void>
  switchNetwork(chainId: ChainId): Promise<void>
  setConnectStrategy(type: ConnectorType, strategy: ConnectStrategy): void
  /** Adds a step after each new connection; the first step that names a view gets it. */
  addAfterConnectStep(step: AfterConnectStep): void
  /** The view the first after-connect step names for `connection`; undefined when none has one. */
  afterConnectView(connection: Connection): ViewName | undefined
}

export function createModalFlow(kernel: Kernel, ui: ModalUi): ModalFlow {
  const { router, modal, toast } = ui
  const { network, events } = kernel
  const strategies = new Map<ConnectorType, ConnectStrategy>()
  const steps: AfterConnectStep[] = []
  const afterConnectView = (next: Connection) =>
    steps.map((step) => step(next)).find((view) => view !== undefined)

  /** After a switch: back to the view before Networks, or close. */
  function leaveNetworks() {
    const index = router.indexOf('Networks')
    if (index > 0) router.goBackToIndex(index - 1)
    else modal.close()
  }

  events.on('connected', ({ connection: next, target }) => {
    // A remembered connection confirmed on load has nothing to show.
    if (!target) return
    // A retry that connects takes away the failure toast of the attempt before it.
    dismissErrorToast(toast)
    // Done: the modal closes, as visitors know it from other wallet modals; it reopens on Account.
    // A feature's further step (signing in with the wallet) shows instead.
    const nextStep = afterConnectView(next)
    if (nextStep) router.reset(nextStep)
    else if (modal.store.getState().open && router.indexOf('Networks') >= 0) {
      // A switch from Networks to a namespace not connected yet: it ends as every switch does (the
      // view before Networks, Account, stays open; a Networks opened on its own closes).
      const name = network.getNetwork(next.chainId)?.name
      if (name) toast.show('success', t('networkSwitched', { network: name }))
      leaveNetworks()
    } else {
      router.reset('Account')
      modal.close()
    }
  })
  events.on('connectFailed', ({ target, error, reportsOwnErrors }) => {
    if (!reportsOwnErrors) toast.show('error', errorMessage(error, { wallet: target.name }))
    if (error instanceof ConnectorAlreadyConnectedError) modal.shake()
  })
  events.on('disconnected', ({ byWallet }) => {
    if (byWallet && modal.store.getState().open && router.current()?.view !== 'Connect') modal.close()
  })
  events.on('transactionFailed', ({ error }) => toast.show('error', errorMessage(error)))

  /** Injected and announced wallets: the ConnectingWallet view waits on the wallet's prompt. */
  const requestAccounts: ConnectStrategy = (connector) => {
    if (router.current()?.view === 'ConnectingWallet')
      router.replace('ConnectingWallet', { connectorId: connector.id })
    else router.push('ConnectingWallet', { connectorId: connector.id })
    return kernel.requestAccounts(connector)
  }

  async function connect(connectorId: string, options: { walletId?: string | undefined } = {}) {
    const connector = kernel.findConnector(connectorId)
    if (connector.providers) return router.push('ConnectingMultiChain', { connectorId })
    try {
      kernel.beginConnect(connector)
    } catch (error) {
      toast.show('error', errorMessage(error as PorticoError))
      modal.shake()
      throw error
    }
    return (strategies.get(connector.type) ?? requestAccounts)(connector, options)
  }

  async function disconnect() {
    try {
      await kernel.disconnect()
    } catch {
      toast.show('error', t('failedToDisconnect'))
    } finally {
      modal.close()
    }
  }

  async function switchNetwork(chainId: ChainId) {
    const target = network.getNetwork(chainId)
    if (!target) return
    if (kernel.connection.store.getState().status === 'connected')
      toast.show('loading', t('switchingNetwork'))
    try {
      const outcome = await kernel.switchNetwork(chainId)
      if (outcome.status === 'needsConnection') {
        // The switch goes on once a wallet connects there: the same wallet's half, or one the visitor picks.
        toast.hide()
        if (outcome.multiChainWallet) connect(outcome.multiChainWallet.id).catch(() => {})
        else router.push('Connect')
        return
      }
      if (outcome.status === 'switched') toast.show('success', t('networkSwitched', { network: target.name }))
      leaveNetworks()
    } catch (error) {
      const normalized = normalizeError(error, 'switchChain')
      toast.show(
        'error',
        normalized.code === 'USER_REJECTED'
          ? errorMessage(normalized)
          : t('networkSwitchFailed', { network: target.name }),
      )
    }
  }

  return {
    ...ui,
    connect,
    disconnect,
    switchNetwork,
    setConnectStrategy: (type, strategy) => void strategies.set(type, strategy),
    addAfterConnectStep: (step) => void steps.push(step),
    afterConnectView,
  }
}
