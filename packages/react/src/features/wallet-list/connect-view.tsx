import {
  buildConnectList,
  type ConnectListItem,
  type ConnectorsState,
  type WalletsState,
} from '@portico/core'
import { useMemo } from 'react'
import { WalletImage } from '../../components/wallet-image.js'
import { browserWalletIcon } from '../../modal/icons.js'
import { usePortico } from '../../use-portico.js'
import { useStore } from '../../use-store.js'
import { connectSections } from '../features.js'
import { walletListMessages } from './messages.js'
import { useSelectWallet } from './use-select-wallet.js'

const { t } = walletListMessages

const selectConnectors = (state: ConnectorsState) => state.connectors
const selectWallets = (state: WalletsState) => state

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
      buildConnectList({
        connectors,
        recent: wallets.recent,
        featured: wallets.featured,
        recommended: wallets.recommended,
      }),
    [connectors, wallets.recent, wallets.featured, wallets.recommended],
  )
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
        <ul className="list" aria-label={t('connectTitle')}>
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
                {item.recent ? <span className="tag">{t('recent')}</span> : null}
                {item.installed ? <span className="tag success">{t('installed')}</span> : null}
              </button>
            </li>
          ))}
          {wallets.status === 'loading' && items.length === 0 ? (
            <li className="notice" aria-busy="true">
              {t('loadingWallets')}
            </li>
          ) : null}
        </ul>
      )}
      {allWallets && (wallets.count > 0 || wallets.status !== 'error') ? (
        <button type="button" className="row" onClick={() => portico.router.push('AllWallets')}>
          <span className="wallet-image grid-icon" aria-hidden="true" />
          <span className="name">{t('allWallets')}</span>
          {wallets.count > 0 ? <span className="tag">{wallets.count}</span> : null}
        </button>
      ) : null}
      {wallets.offline ? (
        <p className="notice" role="note">
          {t('walletListOffline')}
        </p>
      ) : null}
    </>
  )
}
