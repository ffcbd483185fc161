import { type ConnectionState, parseCaipNetworkId } from '@portico/core'
import { NetworkDot } from '../../components/network-dot.js'
import { QrCode, qrFrameStyles } from '../../components/qr-code.js'
import { CopyIcon } from '../../modal/icons.js'
import { useNetwork } from '../../use-network.js'
import { usePortico } from '../../use-portico.js'
import { useStore } from '../../use-store.js'
import { sendStyles } from './send-styles.js'
import { sendViewMessages } from './view-messages.js'

const { t } = sendViewMessages

const selectConnection = (state: ConnectionState) => state.connection

/** The visitor's address to receive on: a QR code, the address with a copy button, and its networks. */
export default function ReceiveView() {
  const portico = usePortico()
  const connection = useStore(portico.connection.store, selectConnection)
  const { networks } = useNetwork()
  const address = connection?.accounts[0]
  if (!address || !connection) return null
  // An address is valid on every network of its namespace the app offers.
  const validOn = networks.filter(
    (network) => parseCaipNetworkId(network.caipNetworkId)?.namespace === connection.namespace,
  )

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address)
      portico.toast.show('success', t('addressCopied'))
    } catch {
      portico.toast.show('error', t('copyFailed'))
    }
  }

  return (
    <div className="center">
      <div className="qr-frame">
        <QrCode value={address} label={t('receiveQrLabel')} size={224} />
      </div>
      <p className="receive-address" data-testid="receive-address">
        <span className="visually-hidden">{t('receiveAddress')} </span>
        {address}
      </p>
      <button type="button" className="secondary" onClick={() => void copy()}>
        <CopyIcon />
        {t('copyAddress')}
      </button>
      <p>{t('receiveNetworks')}</p>
      <ul className="receive-networks" aria-label={t('receiveNetworks')}>
        {validOn.map((network) => (
          <li key={network.chainId}>
            <NetworkDot network={network} size={20} />
            <span className="name">{network.name}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}

export const styles = `${sendStyles}${qrFrameStyles}`
