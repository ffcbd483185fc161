import { currentRouteData, type RouterState } from '@portico/core/internal'
import { WalletImage } from '../../components/wallet-image.js'
import { usePortico } from '../../use-portico.js'
import { useStore } from '../../use-store.js'
import { walletListViewMessages } from './view-messages.js'

const { t } = walletListViewMessages

const selectWalletId = (state: RouterState) => currentRouteData(state, 'WalletDetails')?.walletId

/** A wallet that is not in this browser: where to get it. */
export default function WalletDetailsView() {
  const portico = usePortico()
  const walletId = useStore(portico.router.store, selectWalletId)
  const wallet = walletId ? portico.wallets.findById(walletId) : undefined
  if (!wallet) return null
  const links = [
    [t('openWebApp'), wallet.webapp_link],
    [t('openDesktopApp'), wallet.desktop_link],
    [t('appStore'), wallet.app_store],
    [t('playStore'), wallet.play_store],
    [t('visitWebsite'), wallet.homepage],
  ].filter((link): link is [string, string] => typeof link[1] === 'string' && /^https?:\/\//.test(link[1]))

  return (
    <div className="center">
      <WalletImage src={wallet.image_url} name={wallet.name} size={64} />
      <h3>{t('notInstalled', { wallet: wallet.name })}</h3>
      <p>{t('notInstalledBody')}</p>
      <div className="stack">
        {links.map(([label, href]) => (
          <a key={label} className="secondary" href={href} target="_blank" rel="noreferrer">
            {label}
          </a>
        ))}
      </div>
    </div>
  )
}
