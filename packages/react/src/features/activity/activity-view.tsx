import {
  blockExplorerLink,
  blockExplorerUrl,
  type ConnectionState,
  formatAmount,
  formatMonth,
  formatTime,
  groupTransactions,
  type HistoryItem,
  type HistoryState,
  shortenAddress,
} from '@portico/core'
import { useEffect, useMemo, useRef } from 'react'
import { EmptyState, emptyStateStyles } from '../../components/empty-state.js'
import { SkeletonRows, skeletonStyles } from '../../components/skeleton.js'
import { useNetwork } from '../../use-network.js'
import { usePortico } from '../../use-portico.js'
import { useStore } from '../../use-store.js'
import { activityStyles } from './activity-styles.js'
import { activityViewMessages } from './view-messages.js'

const { t } = activityViewMessages

export const styles = `${skeletonStyles}${emptyStateStyles}${activityStyles}`

/** Placeholder rows while the first page of transactions loads. */
const SKELETON_ROWS = 6

const selectHistory = (state: HistoryState) => state
const selectConnection = (state: ConnectionState) => state.connection

function describe(item: HistoryItem): { title: string; detail: string } {
  const transfer = item.transfers[0]
  const title =
    item.metadata.status === 'failed'
      ? t('failed')
      : item.metadata.operationType === 'buy'
        ? t('bought')
        : item.metadata.operationType === 'receive'
          ? t('received')
          : item.metadata.operationType === 'send'
            ? t('sent')
            : t('contractCall')
  const amount = transfer
    ? `${transfer.direction === 'in' ? '+' : '−'}${formatAmount(transfer.quantity.numeric)} ${transfer.fungible_info?.symbol ?? ''}`
    : ''
  const counterparty =
    item.metadata.operationType === 'receive' || item.metadata.operationType === 'buy'
      ? item.metadata.sentFrom
      : item.metadata.sentTo
  return {
    title,
    detail: [amount, counterparty ? shortenAddress(counterparty) : ''].filter(Boolean).join(' · '),
  }
}

/** The account's transactions on the current network, by month, newest first, loading more on scroll. */
export default function ActivityView() {
  const portico = usePortico()
  const history = useStore(portico.history.store, selectHistory)
  const connection = useStore(portico.connection.store, selectConnection)
  const sentinel = useRef<HTMLDivElement>(null)
  const groups = useMemo(() => groupTransactions(history.items), [history.items])
  const address = connection?.accounts[0]
  const chainId = connection?.chainId
  const { network } = useNetwork()
  // None on the devnet's chains and clusters: no link that leads nowhere.
  const explorer = network ? blockExplorerUrl(portico.config, network) : undefined

  useEffect(() => {
    if (address && chainId) void portico.history.load(address, chainId)
  }, [portico, address, chainId])

  // biome-ignore lint/correctness/useExhaustiveDependencies: the sentinel mounts and unmounts with history.next
  useEffect(() => {
    const element = sentinel.current
    if (!element) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void portico.history.loadMore()
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [portico, history.next])

  if (history.status === 'error' && history.items.length === 0) {
    return (
      <div className="center" role="alert">
        <h3>{t('failedToFetchTransactions')}</h3>
        <button
          type="button"
          className="secondary"
          onClick={() => address && chainId && void portico.history.load(address, chainId)}
        >
          {t('tryAgain')}
        </button>
      </div>
    )
  }
  if (history.status === 'ready' && history.items.length === 0) {
    return <EmptyState icon="activity" title={t('noActivity')} text={t('noActivityBody')} />
  }
  // Before the first page (and while it loads), rows in the shape of transactions hold the view's place.
  if (history.items.length === 0) {
    return (
      <div className="activity" aria-busy="true">
        <span className="skeleton group-skeleton" />
        <ul className="list">
          <SkeletonRows count={SKELETON_ROWS} className="token" image={0} />
        </ul>
        <p className="visually-hidden" role="status">
          {t('loadingActivity')}
        </p>
      </div>
    )
  }
  return (
    <div className="activity">
      {groups.map((group) => (
        <section
          key={`${group.year}-${group.month}`}
          aria-label={formatMonth(Date.UTC(group.year, group.month))}
        >
          <h3 className="group-title">{formatMonth(Date.UTC(group.year, group.month))}</h3>
          <ul className="list">
            {group.items.map((item) => {
              const { title, detail } = describe(item)
              return (
                <li key={item.id} className="token" data-hash={item.metadata.hash}>
                  <span className="name">
                    {explorer ? (
                      <a
                        href={blockExplorerLink(explorer, 'tx', item.metadata.hash)}
                        target="_blank"
                        rel="noreferrer"
                      >
                        {title}
                        <span className="visually-hidden"> {t('viewTransaction')}</span>
                      </a>
                    ) : (
                      title
                    )}
                    <span className="muted ltr">{detail}</span>
                  </span>
                  <time className="muted" dateTime={item.metadata.minedAt}>
                    {formatTime(new Date(item.metadata.minedAt))}
                  </time>
                </li>
              )
            })}
          </ul>
        </section>
      ))}
      {history.loadingMore ? (
        <ul className="list" aria-busy="true">
          <SkeletonRows count={2} className="token" image={0} />
        </ul>
      ) : null}
      {history.next ? <div ref={sentinel} className="sentinel" /> : null}
    </div>
  )
}
