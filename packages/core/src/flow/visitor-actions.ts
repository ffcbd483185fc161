import type { ChainId } from '../connection/caip.js'
import type { Connector, ConnectorType } from '../connection/connector.js'
import { errorMessage } from '../errors/error-message.js'
import type { PorticoError } from '../errors/errors.js'
import { normalizeError } from '../errors/normalize-error.js'
import { t } from '../i18n/messages.js'
import type { Kernel } from '../kernel/kernel-types.js'
import type { RouteData } from '../modal/router.js'
import type { ConnectingView, ConnectorKind, ModalUi } from './flow-types.js'
import { leaveNetworks } from './leave-networks.js'

/** What the visitor's actions work with: the kernel, the modal's stores, the connector kinds by type. */
export interface FlowState {
  kernel: Kernel
  ui: ModalUi
  kinds: Map<ConnectorType, ConnectorKind>
}

/** Shows the view that waits on `connector`: replaced when it shows already (a retry, another wallet). */
function showConnecting({ router }: ModalUi, view: ConnectingView, data: RouteData<ConnectingView>): void {
  if (router.current()?.view === view) router.replace(view, data)
  else router.push(view, data)
}

/** The visitor picked a connector: its kind's view shows and its kind connects it. */
export async function connect(
  flow: FlowState,
  connectorId: string,
  options: { walletId?: string | undefined } = {},
): Promise<void> {
  const { kernel, ui } = flow
  const connector: Connector = kernel.findConnector(connectorId)
  // A type nobody registered connects as an injected wallet does: with the wallet's own prompt.
  const kind = flow.kinds.get(connector.type) ?? (flow.kinds.get('INJECTED') as ConnectorKind)
  if (!kind.connect) return showConnecting(ui, kind.view, { connectorId })
  try {
    kernel.beginConnect(connector)
  } catch (error) {
    ui.toast.show('error', errorMessage(error as PorticoError))
    ui.modal.shake()
    throw error
  }
  const { walletId } = options
  showConnecting(ui, kind.view, walletId ? { connectorId, walletId } : { connectorId })
  return kind.connect(connector, options)
}

/** Disconnects; a wallet that fails to end it is said so, and the modal closes either way. */
export async function disconnect({ kernel, ui: { toast, modal } }: FlowState): Promise<void> {
  try {
    await kernel.disconnect()
  } catch {
    toast.show('error', t('failedToDisconnect'))
  } finally {
    modal.close()
  }
}

/** A switch as the visitor asks for it: announced in toasts, connecting another namespace when needed. */
export async function switchNetwork(flow: FlowState, chainId: ChainId): Promise<void> {
  const { kernel, ui } = flow
  const { router, toast } = ui
  const { network } = kernel
  const target = network.getNetwork(chainId)
  if (!target) return
  if (kernel.connection.store.getState().status === 'connected') toast.show('loading', t('switchingNetwork'))
  try {
    const outcome = await kernel.switchNetwork(chainId)
    if (outcome.status === 'needsConnection') {
      // The switch goes on once a wallet connects there: the same wallet's half, or one the visitor picks.
      toast.hide()
      if (outcome.multiChainWallet) connect(flow, outcome.multiChainWallet.id).catch(() => {})
      else router.push('Connect')
      return
    }
    if (outcome.status === 'switched') toast.show('success', t('networkSwitched', { network: target.name }))
    leaveNetworks(ui)
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
