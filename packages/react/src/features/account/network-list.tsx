import { NetworkDot } from '../../components/network-dot.js'
import { useNetwork } from '../../use-network.js'
import { usePortico } from '../../use-portico.js'
import { accountMessages } from './messages.js'
import { accountViewMessages } from './view-messages.js'

const { t } = accountViewMessages

/** The dApp's networks; picking one asks the wallet to switch. */
export function NetworkList() {
  const portico = usePortico()
  const { networks, chainId } = useNetwork()
  return (
    <ul className="list" aria-label={accountMessages.t('networksTitle')}>
      {networks.map((network) => (
        <li key={network.chainId}>
          <button
            type="button"
            className="row"
            data-chain-id={network.chainId}
            aria-current={network.chainId === chainId}
            onClick={() => void portico.switchNetwork(network.chainId)}
          >
            <NetworkDot network={network} size={28} />
            <span className="name">{network.name}</span>
            {network.chainId === chainId ? <span className="tag success">{t('activeNetwork')}</span> : null}
          </button>
        </li>
      ))}
    </ul>
  )
}
