import type { WalletListing } from '../../clients/wallet-listing.js'
import type { Connector } from '../../connection/connector.js'
import { PorticoError } from '../../errors/errors.js'
import type { FeatureContext } from '../feature-context.js'
import type { WalletsController } from '../wallet-list/wallets-controller.js'
import { createPairingController, type PairingController } from './pairing-controller.js'

/**
 * WalletConnect: picking it shows the Pairing view, whose `wc:` URI renews until a wallet approves.
 * The `connect()` of a pairing settles when a wallet approves or refuses, or the visitor leaves.
 */
export function installPairing(
  context: Pick<
    FeatureContext,
    'router' | 'connection' | 'connectors' | 'adapters' | 'connectWith' | 'addConnectorKind'
  >,
  wallets: WalletsController,
): PairingController {
  const { router, connection } = context
  const pairing = createPairingController()
  let attempt = 0
  let pending: { reject(error: PorticoError): void } | undefined

  const cancel = (reason: string) => {
    attempt++
    pending?.reject(new PorticoError('USER_CANCELLED', reason))
    pending = undefined
  }

  // Leaving the Pairing view abandons its pairing: no renewal, and a late approval is ignored.
  router.store.subscribe((state) => {
    if (pairing.store.getState().status === 'idle') return
    if (state.history.some((entry) => entry.view === 'Pairing')) return
    pairing.reset()
    cancel('Pairing cancelled.')
    if (connection.store.getState().status === 'connecting') {
      connection.failConnect(new PorticoError('USER_CANCELLED', 'Pairing cancelled.'))
    }
  })

  shareWalletConnectSession(context)

  // The flow shows Pairing (with the listing picked) before `connect` runs.
  context.addConnectorKind({ type: 'WALLET_CONNECT', view: 'Pairing', connect })
  function connect(connector: Connector, { walletId }: { walletId?: string | undefined }) {
    const target = pairingTarget(connector, walletId ? wallets.findById(walletId) : undefined)
    cancel('Another wallet was picked.')

    return new Promise<void>((resolve, reject) => {
      pending = { reject }
      // Called now and again for each renewed URI; only the newest attempt's outcome counts.
      pairing.start(() => {
        const mine = ++attempt
        const isCurrent = () => mine === attempt
        context
          .connectWith({
            target,
            namespace: connector.namespace,
            isCurrent,
            async run(adapter, chainId) {
              const approved = await adapter.connect(connector.id, {
                chainId,
                onUri: (uri) => isCurrent() && pairing.setUri(uri),
              })
              // Done before the kernel shows the account, so leaving Pairing is no cancellation.
              if (isCurrent()) pairing.reset()
              return approved
            },
          })
          .then(
            () => {
              if (!isCurrent()) return
              pending = undefined
              resolve()
            },
            (error: PorticoError) => {
              if (!isCurrent()) return
              pairing.fail()
              pending = undefined
              reject(error)
            },
          )
      })
    })
  }
  return pairing
}

/**
 * One WalletConnect session for every namespace it holds accounts in: the adapter of the WalletConnect
 * connector owns the client, the others (Solana) borrow its session. Nothing loads until one asks.
 */
function shareWalletConnectSession(context: Pick<FeatureContext, 'adapters' | 'connectors'>): void {
  context.adapters.extendContext({
    async walletConnect() {
      const connector = context.connectors
        .getState()
        .connectors.find((each) => each.type === 'WALLET_CONNECT')
      const adapter = await context.adapters.load(connector?.namespace ?? 'eip155')
      if (!adapter.walletConnect)
        throw new PorticoError('ADAPTER_MISSING', 'No adapter serves WalletConnect.')
      return adapter.walletConnect()
    },
  })
}

/** The wallet the Pairing view and the recent list name: the listing picked, else the connector itself. */
function pairingTarget(connector: Connector, listing: WalletListing | undefined) {
  return {
    connectorId: connector.id,
    name: listing?.name ?? connector.name,
    icon: listing?.image_url ?? connector.imageUrl,
    recent: { id: listing?.id ?? connector.id },
  }
}
