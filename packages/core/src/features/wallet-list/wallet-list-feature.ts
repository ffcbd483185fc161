import { createExplorerClient, type ExplorerClient } from '../../clients/explorer-client.js'
import { walletListOptions } from '../../clients/wallet-list-request.js'
import type { FeatureContext } from '../feature-context.js'
import { groupMultiChainConnectors } from './multi-chain-connectors.js'
import { createWalletsController, type WalletsController } from './wallets-controller.js'

/**
 * The explorer's wallet list, the recent wallets it learns from each connection, and one connector per
 * wallet: a wallet the adapters found in several namespaces becomes one MULTI_CHAIN connector (one row).
 */
export function installWalletList(
  context: Pick<FeatureContext, 'config' | 'connectors' | 'early' | 'events' | 'storage'>,
): { explorer: ExplorerClient; wallets: WalletsController } {
  const { config, connectors } = context
  const groupWallets = () => {
    const found = connectors.getState().connectors
    const grouped = groupMultiChainConnectors(found)
    if (grouped.length < found.length) connectors.setState({ connectors: grouped })
  }
  connectors.subscribe(groupWallets)
  groupWallets()
  const explorer = createExplorerClient({
    baseUrl: config.explorerUrl,
    projectId: config.projectId,
    fetch: context.early.fetch,
  })
  const wallets = createWalletsController({
    client: explorer,
    storage: context.storage,
    list: walletListOptions(config),
  })

  context.events.on('connected', ({ target }) => {
    const recent = target?.recent
    if (!recent) return
    const listing = (recent.rdns ? wallets.findByRdns(recent.rdns) : undefined) ?? wallets.findById(recent.id)
    wallets.addRecent({
      id: listing?.id ?? recent.id,
      name: target.name,
      imageUrl: listing?.image_url,
      rdns: recent.rdns,
    })
  })
  return { explorer, wallets }
}
