import type { ChainNamespace } from '@portico/core'
import {
  type ConnectorsState,
  currentRouteData,
  findConnector,
  type RouterState,
} from '@portico/core/internal'
import { NetworkDot } from '../../components/network-dot.js'
import { browserWalletIcon } from '../../modal/icons.js'
import { usePortico } from '../../use-portico.js'
import { useStore } from '../../use-store.js'
import { walletListViewMessages } from './view-messages.js'

const { t } = walletListViewMessages

const selectConnectors = (state: ConnectorsState) => state.connectors
const selectConnectorId = (state: RouterState) => currentRouteData(state, 'ConnectingMultiChain')?.connectorId

/** What the picker calls each namespace; another namespace shows its CAIP-2 name. */
const NAMESPACE_NAMES: Readonly<Record<string, 'evmNetworks' | 'solana'>> = {
  eip155: 'evmNetworks',
  solana: 'solana',
}
const namespaceName = (namespace: ChainNamespace) => {
  const id = NAMESPACE_NAMES[namespace]
  return id ? t(id) : namespace
}

/**
 * A wallet present in several namespaces (a MULTI_CHAIN connector): the visitor picks the chain to connect
 * on, and that half connects as any wallet does (the ConnectingWallet view and the wallet's approval).
 */
export default function ConnectingMultiChainView() {
  const portico = usePortico()
  const connectorId = useStore(portico.router.store, selectConnectorId)
  const wallet = findConnector(useStore(portico.connectors, selectConnectors), connectorId)
  const { networks } = portico.config

  // Up and Down move between the chains, as in the other lists.
  const onKeyDown = (event: React.KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    const rows = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button.row')]
    const at = rows.indexOf(event.target as HTMLButtonElement)
    if (at < 0) return
    event.preventDefault()
    rows[Math.max(0, Math.min(at + (event.key === 'ArrowDown' ? 1 : -1), rows.length - 1))]?.focus()
  }

  if (!wallet) return null
  return (
    <>
      <div className="center">
        <img
          className="wallet-icon"
          src={wallet.imageUrl ?? browserWalletIcon}
          alt=""
          width={56}
          height={56}
        />
        <h3>{t('selectChainFor', { wallet: wallet.name })}</h3>
        <p>{t('selectChainBody')}</p>
      </div>
      <ul className="list" aria-label={t('chains')} onKeyDown={onKeyDown}>
        {(wallet.providers ?? []).map((half) => (
          <li key={half.id}>
            <button
              type="button"
              className="row"
              data-namespace={half.namespace}
              data-connector-id={half.id}
              // A failure is shown by the modal itself (toast and the Connecting view).
              onClick={() => portico.connect(half.id).catch(() => {})}
            >
              <NetworkDot
                network={networks.find((network) => network.namespace === half.namespace)}
                size={28}
              />
              <span className="name">{namespaceName(half.namespace)}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  )
}
