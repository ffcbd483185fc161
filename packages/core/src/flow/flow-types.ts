import type { ChainId } from '../connection/caip.js'
import type { Connection } from '../connection/connection-controller.js'
import type { Connector, ConnectorType } from '../connection/connector.js'
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
