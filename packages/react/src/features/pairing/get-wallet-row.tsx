import type { WalletListing } from '@portico/core/internal'
import { useId } from 'react'
import { pairingViewMessages } from './view-messages.js'
import { getWalletLink } from './wallet-links.js'

const { t } = pairingViewMessages

/** "Don't have <wallet>? Get it": its app store page on a phone, its homepage on a desktop. */
export function GetWalletRow({ listing }: { listing: WalletListing }) {
  const textId = useId()
  const href = getWalletLink(listing, typeof navigator === 'undefined' ? '' : navigator.userAgent)
  if (!href) return null
  return (
    <div className="get-wallet">
      <span id={textId}>{t('dontHaveWallet', { wallet: listing.name })}</span>
      <a className="primary" href={href} target="_blank" rel="noreferrer" aria-describedby={textId}>
        {t('getWallet')}
      </a>
    </div>
  )
}
