import type { ChainId } from '../connection/caip.js'
import type { Connection } from '../connection/connection-controller.js'
import type { Connector, ConnectorType } from '../connection/connector.js'
import type { ModalController } from '../modal/modal-controller.js'
import type { RouteData, Router, ViewName } from '../modal/router.js'
import type { ThemeController } from '../modal/theme-controller.js'
import type { ToastController } from '../modal/toast-controller.js'

/** The modal's stores, created on the first paint, that the flow drives. */
export interface ModalUi {
  router: Router
  modal: ModalController
  toast: ToastController
  theme: ThemeController
}

/** The views that wait on a picked connector: their route carries its id. */
export type ConnectingView = {
  [V in ViewName]: RouteData<V> extends { connectorId: string } ? V : never
}[ViewName]

/**
 * What differs per connector kind when the visitor picks one: the view that waits on it and how it
 * connects. Registered once per type (`addConnectorKind`); the flow shows the view, then runs `connect`.
 */
export interface ConnectorKind {
  type: ConnectorType
  /** Shown while it connects; replaced, not stacked, when already showing (a retry, another wallet). */
  view: ConnectingView
  /**
   * Connects `connector` through the kernel (`walletId`: the listing picked, for a pairing). Absent: the
   * view asks the visitor first (which namespace a multi-chain wallet connects in).
   */
  connect?(connector: Connector, options: { walletId?: string | undefined }): Promise<void>
}

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
  /** The visitor picked a connector: its kind's view shows and its kind connects it. */
  connect(connectorId: string, options?: { walletId?: string | undefined }): Promise<void>
  disconnect(): Promise<void>
  switchNetwork(chainId: ChainId): Promise<void>
  /** Registers how connectors of `kind.type` connect (replacing the kind of that type before it). */
  addConnectorKind(kind: ConnectorKind): void
  /** Adds a step after each new connection; the first step that names a view gets it. */
  addAfterConnectStep(step: AfterConnectStep): void
  /** The view the first after-connect step names for `connection`; undefined when none has one. */
  afterConnectView(connection: Connection): ViewName | undefined
}
