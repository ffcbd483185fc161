import type { ChainId } from '../connection/caip.js'
import type { ConnectorType } from '../connection/connector.js'
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

/** A multi-chain wallet: its view asks which namespace connects before anything does. */
export const multiChainKind: ConnectorKind = { type: 'MULTI_CHAIN', view: 'ConnectingMultiChain' }

/** The visitor picked a connector: its kind's view shows and its kind connects it. */
export async function connect(
  flow: FlowState,
  connectorId: string,
  options: { walletId?: string | undefined } = {},
): Promise<void> {
  const {
    kernel,
    ui: { router, toast, modal },
  } = flow
  const connector = kernel.findConnector(connectorId)
  // Injected and announced wallets, and a type no feature registered: the wallet's own prompt.
  const { view, connect } = flow.kinds.get(connector.type) ?? {
    view: 'ConnectingWallet',
    connect: kernel.requestAccounts,
  }
  if (connect) {
    try {
      kernel.beginConnect(connector)
    } catch (error) {
      toast.show('error', errorMessage(error as PorticoError))
      modal.shake()
      throw error
    }
  }
  const data: RouteData<ConnectingView> = { connectorId, walletId: options.walletId }
  // Replaced, not stacked, when it shows already (a retry, another wallet picked from it).
  if (router.current()?.view === view) router.replace(view, data)
  else router.push(view, data)
  return connect?.(connector, options)
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
