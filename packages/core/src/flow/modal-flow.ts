import type { Connection } from '../connection/connection-controller.js'
import type { Kernel } from '../kernel/kernel-types.js'
import type { AfterConnectStep, ModalFlow, ModalUi } from './flow-types.js'
import { showKernelEvents } from './kernel-announcements.js'
import { connect, disconnect, type FlowState, multiChainKind, switchNetwork } from './visitor-actions.js'

export type { AfterConnectStep, ConnectingView, ConnectorKind, ModalFlow, ModalUi } from './flow-types.js'

/**
 * The modal's flow: the visitor's actions as the modal carries them out (views and toasts around the
 * kernel's actions), and what the modal shows when the kernel announces something.
 */
export function createModalFlow(kernel: Kernel, ui: ModalUi): ModalFlow {
  // Injected and announced wallets need none: they wait on the wallet's own prompt (visitor-actions).
  const kinds = new Map([[multiChainKind.type, multiChainKind]])
  const flow: FlowState = { kernel, ui, kinds }
  const steps: AfterConnectStep[] = []
  const afterConnectView = (next: Connection) =>
    steps.map((step) => step(next)).find((view) => view !== undefined)
  showKernelEvents(kernel, ui, afterConnectView)
  return {
    ...ui,
    connect: (connectorId, options) => connect(flow, connectorId, options),
    disconnect: () => disconnect(flow),
    switchNetwork: (chainId) => switchNetwork(flow, chainId),
    addConnectorKind: (kind) => void kinds.set(kind.type, kind),
    addAfterConnectStep: (step) => void steps.push(step),
    afterConnectView,
  }
}
