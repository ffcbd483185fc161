import { useLayoutEffect, useRef, useState } from 'react'
import { EmptyState } from '../../components/empty-state.js'
import { useNetwork } from '../../use-network.js'
import { usePortico } from '../../use-portico.js'
import { accountStyles } from './account-styles.js'
import { filterNetworks } from './filter-networks.js'
import { NetworkList } from './network-list.js'
import { accountViewMessages } from './view-messages.js'

const { t } = accountViewMessages

// The account views' CSS (its empty state among it), rendered with this view.
export const styles = accountStyles

/**
 * The dApp's networks with a search by name. From the field, Enter picks the first match and Down
 * moves into the list (Up from its first row comes back).
 */
export default function NetworksView() {
  const portico = usePortico()
  const { networks } = useNetwork()
  const [query, setQuery] = useState('')
  const field = useRef<HTMLInputElement>(null)
  const list = useRef<HTMLDivElement>(null)
  const shown = filterNetworks(networks, query)
  // The dialog keeps the height of the whole list while a search narrows it (no jumping sheet).
  const [fullHeight, setFullHeight] = useState<number>()
  useLayoutEffect(() => {
    if (fullHeight === undefined && list.current) setFullHeight(list.current.offsetHeight)
  }, [fullHeight])

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    const first = shown[0]
    if (event.key === 'Enter' && first) {
      event.preventDefault()
      void portico.switchNetwork(first.chainId)
    } else if (event.key === 'ArrowDown' && first) {
      event.preventDefault()
      list.current?.querySelector<HTMLButtonElement>('button.row')?.focus()
    }
  }

  return (
    <>
      <input
        ref={field}
        className="search"
        type="search"
        aria-label={t('searchNetworks')}
        placeholder={t('searchNetworks')}
        value={query}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div ref={list} style={fullHeight ? { minBlockSize: fullHeight } : undefined}>
        {shown.length > 0 ? (
          <NetworkList shown={shown} onLeaveTop={() => field.current?.focus()} />
        ) : (
          <EmptyState icon="search" text={t('noNetworksFound', { query: query.trim() })} />
        )}
      </div>
      {/* Screen readers hear how many networks the search left. */}
      <p className="visually-hidden" role="status">
        {query.trim() ? accountViewMessages.plural('networksFound', shown.length) : ''}
      </p>
    </>
  )
}
