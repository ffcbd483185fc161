import type { WalletListing } from '@portico/core/internal'
import { useEffect, useRef } from 'react'
import { WalletImage } from '../../components/wallet-image.js'
import { GetWalletRow } from './get-wallet-row.js'
import { pairingLink } from './pairing-link.js'
import { pairingViewMessages } from './view-messages.js'
import { openWalletLink } from './wallet-links.js'

const { t } = pairingViewMessages

/**
 * Pairing on a phone with the wallet's app: the app opens at once with the pairing link (a QR code is
 * for scanning from another screen); Open and Copy link remain if it did not.
 */
export function MobilePairing({
  listing,
  mobileLink,
  uri,
  onCopy,
}: {
  listing: WalletListing
  mobileLink: string
  uri: string | undefined
  onCopy(): void
}) {
  const href = uri ? pairingLink(mobileLink, uri) : undefined
  const opened = useRef<string | undefined>(undefined)
  useEffect(() => {
    // Once per pairing link: a new link (after an expiry) opens the app again.
    if (!href || opened.current === href) return
    opened.current = href
    openWalletLink(href)
  }, [href])

  return (
    <div className="center pairing" data-pairing-mobile="">
      <WalletImage src={listing.image_url} name={listing.name} size={64} />
      <h3>{t('continueInWallet', { wallet: listing.name })}</h3>
      <p>{t('continueInWalletBody', { wallet: listing.name })}</p>
      <div className="stack">
        <button
          type="button"
          className="primary"
          disabled={!href}
          onClick={() => href && openWalletLink(href)}
        >
          {t('open')}
        </button>
        <button type="button" className="secondary" disabled={!uri} onClick={onCopy}>
          {t('copyLink')}
        </button>
      </div>
      <GetWalletRow listing={listing} />
    </div>
  )
}
