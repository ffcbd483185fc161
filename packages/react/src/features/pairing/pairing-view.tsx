import { assetImageUrl, currentRouteData, type PairingState, type RouterState } from '@portico/core/internal'
import { useEffect, useState } from 'react'
import { QrCode, qrFrameStyles } from '../../components/qr-code.js'
import { SetupErrorNotice } from '../../components/setup-error-notice.js'
import { WalletImage } from '../../components/wallet-image.js'
import { usePortico } from '../../use-portico.js'
import { useStore } from '../../use-store.js'
import { GetWalletRow } from './get-wallet-row.js'
import { pairingMessages } from './messages.js'
import { MobilePairing } from './mobile-pairing.js'
import { pairingLink } from './pairing-link.js'
import { pairingStyles } from './pairing-styles.js'
import { pairingViewMessages } from './view-messages.js'
import { isTouchDevice } from './wallet-links.js'

export const styles = `${pairingStyles}${qrFrameStyles}`

const { t } = pairingViewMessages

const selectPairing = (state: PairingState) => state
const selectWalletId = (state: RouterState) => currentRouteData(state, 'Pairing')?.walletId
const NARROW = '(max-width: 600px)'

function useNarrow(): boolean {
  const query = () => typeof matchMedia === 'function' && matchMedia(NARROW).matches
  const [narrow, setNarrow] = useState(query)
  useEffect(() => {
    if (typeof matchMedia !== 'function') return
    const list = matchMedia(NARROW)
    const onChange = () => setNarrow(list.matches)
    list.addEventListener('change', onChange)
    return () => list.removeEventListener('change', onChange)
  }, [])
  return narrow
}

const isLink = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.length > 0

/** WalletConnect pairing: the URI as a QR code, a copy button and the wallet's own links. */
export default function PairingView() {
  const portico = usePortico()
  const { status, uri } = useStore(portico.pairing.store, selectPairing)
  const walletId = useStore(portico.router.store, selectWalletId)
  const listing = walletId ? portico.wallets.findById(walletId) : undefined
  const name = listing?.name ?? pairingMessages.t('walletConnect')
  const narrow = useNarrow()
  const [touch] = useState(isTouchDevice)

  // A new link: a new attempt of the same pairing, or, when the last one ended with its connection
  // attempt (a wallet that declined a one-click sign-in closes it), a new connection to the same wallet.
  const retry = () => {
    if (portico.pairing.retry()) return
    const data = currentRouteData(portico.router.store.getState(), 'Pairing')
    if (data)
      void portico.connect(data.connectorId, data.walletId ? { walletId: data.walletId } : {}).catch(() => {})
  }
  const copy = async () => {
    if (!uri) return
    try {
      await navigator.clipboard.writeText(uri)
      portico.toast.show('success', t('linkCopied'))
    } catch {
      portico.toast.show('error', t('copyFailed'))
    }
  }

  if (status === 'pending') {
    return (
      <div className="center" aria-live="polite">
        {listing ? <WalletImage src={listing.image_url} name={listing.name} size={56} /> : null}
        <div className="spinner" role="progressbar" aria-label={t('connecting')} />
        <h3>{t('pairingPendingTitle')}</h3>
        <p>{t('pairingPendingBody', { wallet: name })}</p>
        <div className="stack">
          <button type="button" className="secondary" onClick={portico.router.goBack}>
            {t('cancel')}
          </button>
        </div>
      </div>
    )
  }

  // On a phone with the wallet's app, the app opens at once; the QR code is for another screen.
  if (touch && listing && isLink(listing.mobile_link) && status !== 'error') {
    return <MobilePairing listing={listing} mobileLink={listing.mobile_link} uri={uri} onCopy={copy} />
  }

  const links: [string, string][] = []
  if (uri && listing) {
    if (narrow && isLink(listing.mobile_link)) links.push([t('openMobileApp'), listing.mobile_link])
    if (isLink(listing.desktop_link)) links.push([t('openDesktopApp'), listing.desktop_link])
    if (isLink(listing.webapp_link)) links.push([t('openWebApp'), listing.webapp_link])
  }

  return (
    <div className="center pairing" data-pairing-status={status} data-pairing-uri={uri}>
      <h3>{listing ? t('openInWallet', { wallet: name }) : t('pairingTitle')}</h3>
      <div className="qr-frame" aria-busy={!uri}>
        {uri ? (
          <QrCode
            value={uri}
            label={t('pairingQrLabel')}
            logo={listing?.image_url ?? assetImageUrl(portico.config.explorerUrl, 'walletconnect')}
          />
        ) : status === 'error' ? (
          <p role="alert">{t('pairingFailed')}</p>
        ) : (
          <div className="spinner" role="progressbar" aria-label={t('pairingCreating')} />
        )}
      </div>
      <p>{t('pairingBody')}</p>
      {/* Until a link exists: a relay that does not answer at all is a set-up mistake to name. */}
      {uri ? null : <SetupErrorNotice service="relay" />}
      <div className="stack">
        {status === 'error' ? (
          <button type="button" className="primary" onClick={retry}>
            {t('pairingRetry')}
          </button>
        ) : (
          <button type="button" className="secondary" disabled={!uri} data-uri={uri} onClick={copy}>
            {t('copyLink')}
          </button>
        )}
        {links.map(([label, base]) => (
          <a
            key={label}
            className="secondary"
            href={pairingLink(base, uri as string)}
            target="_blank"
            rel="noreferrer"
            onClick={() => portico.pairing.setPending()}
          >
            {label}
          </a>
        ))}
      </div>
      {listing ? <GetWalletRow listing={listing} /> : null}
    </div>
  )
}
