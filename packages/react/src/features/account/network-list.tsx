import type { Network } from '@portico/core'
import { NetworkDot } from '../../components/network-dot.js'
import { useNetwork } from '../../use-network.js'
import { usePortico } from '../../use-portico.js'
import { accountMessages } from './messages.js'
import { accountViewMessages } from './view-messages.js'

const { t } = accountViewMessages

/**
 * The dApp's networks (or `shown`, a search's part of them); picking one asks the wallet to switch.
 * Up and Down move between the rows; `onLeaveTop` takes Up from the first row (back to a search field).
 */
export function NetworkList({ shown, onLeaveTop }: { shown?: readonly Network[]; onLeaveTop?: () => void }) {
  const portico = usePortico()
  const { networks, chainId } = useNetwork()
  const onKeyDown = (event: React.KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    const rows = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button.row')]
    const at = rows.indexOf(event.target as HTMLButtonElement)
    if (at < 0) return
    event.preventDefault()
    const next = at + (event.key === 'ArrowDown' ? 1 : -1)
    if (next < 0) onLeaveTop?.()
    else rows[Math.min(next, rows.length - 1)]?.focus()
  }
  return (
    <ul className="list" aria-label={accountMessages.t('networksTitle')} onKeyDown={onKeyDown}>
      {(shown ?? networks).map((network) => (
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
