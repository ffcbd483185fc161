import type { Connection } from '../connection/connection-controller.js'
import { errorMessage } from '../errors/error-message.js'
import { ConnectorAlreadyConnectedError } from '../errors/errors.js'
import { t } from '../i18n/messages.js'
import type { Kernel } from '../kernel/kernel-types.js'
import { dismissErrorToast } from '../modal/dismiss-error-toast.js'
import type { ViewName } from '../modal/router.js'
import type { ModalUi } from './flow-types.js'
import { leaveNetworks } from './leave-networks.js'

/** What the modal shows when the kernel announces a connection, a failure, a disconnect or a refused send. */
export function showKernelEvents(
  { network, events }: Pick<Kernel, 'network' | 'events'>,
  ui: ModalUi,
  afterConnectView: (connection: Connection) => ViewName | undefined,
): void {
  const { router, modal, toast } = ui
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
      leaveNetworks(ui)
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
}
