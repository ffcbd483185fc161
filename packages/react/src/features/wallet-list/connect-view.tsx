import {
  buildConnectList,
  type ConnectListItem,
  type ConnectorsState,
  type WalletsState,
} from '@portico/core/internal'
import { useMemo } from 'react'
import { SkeletonRows, skeletonStyles } from '../../components/skeleton.js'
import { WalletImage } from '../../components/wallet-image.js'
import { browserWalletIcon } from '../../modal/icons.js'
import { usePortico } from '../../use-portico.js'
import { useStore } from '../../use-store.js'
import { connectSections } from '../feature-registry.js'
import { walletListMessages } from './messages.js'
import { useSelectWallet } from './use-select-wallet.js'

const { t } = walletListMessages

const selectConnectors = (state: ConnectorsState) => state.connectors
const selectWallets = (state: WalletsState) => state

/** Its skeletons' CSS comes with the view. */
export const styles = skeletonStyles

/**
 * Wallet rows on Connect (All wallets has the rest): WalletConnect, recent and installed wallets always
 * show; featured and recommended listings fill the rows left. With the sign-in section above, the view
 * fits a 800 px high window without scrolling.
 */
const CONNECT_ROWS = 6

/** WalletConnect first, then recent and installed wallets, then listings up to `CONNECT_ROWS` rows. */
function connectRows(items: ConnectListItem[], isWalletConnect: (id: string) => boolean) {
  const walletConnect = items.filter((item) => item.connectorId && isWalletConnect(item.connectorId))
  const own = items.filter(
    (item) => !walletConnect.includes(item) && (item.connectorId !== undefined || item.recent),
  )
  const listings = items.filter((item) => item.connectorId === undefined && !item.recent)
  const shown = [...walletConnect, ...own]
  return [...shown, ...listings.slice(0, Math.max(0, CONNECT_ROWS - shown.length))]
}

function showAllWallets(option: 'SHOW' | 'HIDE' | 'ONLY_MOBILE'): boolean {
  if (option === 'HIDE') return false
  if (option === 'SHOW') return true
  return typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches
}

export default function ConnectView() {
  const portico = usePortico()
  const connectors = useStore(portico.connectors, selectConnectors)
  const wallets = useStore(portico.wallets.store, selectWallets)
  const selectWallet = useSelectWallet()
  const items = useMemo(
    () =>
      connectRows(
        buildConnectList({
          connectors,
          recent: wallets.recent,
          featured: wallets.featured,
          recommended: wallets.recommended,
        }),
        (id) => connectors.some((connector) => connector.id === id && connector.type === 'WALLET_CONNECT'),
      ),
    [connectors, wallets.recent, wallets.featured, wallets.recommended],
  )
  const loading = wallets.status === 'loading' && !items.some((item) => item.connectorId === undefined)
  const walletConnectId = connectors.find((connector) => connector.type === 'WALLET_CONNECT')?.id
  const select = (item: ConnectListItem) => {
    // A failure is shown by the modal itself (toast and the Connecting view).
    if (item.connectorId) portico.connect(item.connectorId).catch(() => {})
    else if (item.listing) selectWallet(item.listing)
  }
  const allWallets = showAllWallets(portico.config.allWallets)
  const sections = connectSections(portico.config)

  return (
    <>
      {sections.map(({ feature, Section }) => (
        <Section key={feature} />
      ))}
      {sections.length > 0 ? (
        <div className="divider" aria-hidden="true">
          {t('or')}
        </div>
      ) : null}
      {items.length === 0 && wallets.status !== 'loading' ? (
        <div className="center">
          <h3>{t('noWalletsTitle')}</h3>
          <p>{t('noWalletsBody')}</p>
        </div>
      ) : (
        <ul className="list" aria-label={t('connectTitle')} aria-busy={loading}>
          {items.map((item) => (
            <li key={item.key}>
              <button
                type="button"
                className="row"
                data-connector-id={item.connectorId}
                data-wallet-id={item.listing?.id}
                onClick={() => select(item)}
              >
                <WalletImage
                  src={item.imageUrl ?? (item.connectorId ? browserWalletIcon : undefined)}
                  name={item.name}
                />
                <span className="name">{item.name}</span>
                {item.connectorId && item.connectorId === walletConnectId ? (
                  <span className="tag">{t('qrCode')}</span>
                ) : null}
                {item.recent ? <span className="tag">{t('recent')}</span> : null}
                {item.installed ? <span className="tag success">{t('installed')}</span> : null}
              </button>
            </li>
          ))}
          {/* The listings' rows hold their place while the list loads: the view does not jump. */}
          {loading ? <SkeletonRows count={Math.max(0, CONNECT_ROWS - items.length)} /> : null}
        </ul>
      )}
      {allWallets && (wallets.count > 0 || wallets.status !== 'error') ? (
        <button type="button" className="row" onClick={() => portico.router.push('AllWallets')}>
          <span className="wallet-image grid-icon" aria-hidden="true" />
          <span className="name">{t('allWallets')}</span>
          {wallets.count > 0 ? <span className="tag">{wallets.count}</span> : null}
        </button>
      ) : null}
      {/* A saved list is shown while the explorer cannot be reached; with none, the URL may be wrong. */}
      {wallets.offline ? (
        wallets.status === 'error' ? (
          <p className="notice setup-error" role="alert" data-setting="explorerUrl">
            {t('walletListUnreachable', { url: portico.config.explorerUrl })}
          </p>
        ) : (
          <p className="notice" role="note">
            {t('walletListOffline')}
          </p>
        )
      ) : null}
    </>
  )
}
