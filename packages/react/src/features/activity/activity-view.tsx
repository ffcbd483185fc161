import { blockExplorerUrl, type ConnectionState, type Portico } from '@portico/core'
import { activityEntries, formatMonth, groupTransactions, type HistoryState } from '@portico/core/internal'
import { useEffect, useMemo, useRef } from 'react'
import { EmptyState, emptyStateStyles } from '../../components/empty-state.js'
import { SetupErrorNotice } from '../../components/setup-error-notice.js'
import { SkeletonRows, skeletonStyles } from '../../components/skeleton.js'
import { tokenRowStyles } from '../../components/token-row-styles.js'
import { useNetwork } from '../../use-network.js'
import { usePortico } from '../../use-portico.js'
import { useStore } from '../../use-store.js'
import { ActivityRow } from './activity-row.js'
import { activityStyles } from './activity-styles.js'
import { useKeyboardScrollRegion } from './keyboard-scroll-region.js'
import { activityViewMessages } from './view-messages.js'

const { t } = activityViewMessages

export const styles = `${skeletonStyles}${emptyStateStyles}${tokenRowStyles}${activityStyles}`

/** Placeholder rows while the first page of transactions loads. */
const SKELETON_ROWS = 6

const selectHistory = (state: HistoryState) => state
const selectConnection = (state: ConnectionState) => state.connection

/** The first page of the account's history, read on the intent to open Activity. */
export function prefetch(portico: Portico): void {
  const connection = portico.connection.store.getState().connection
  const address = connection?.accounts[0]
  if (address && connection.chainId) void portico.history.load(address, connection.chainId)
}

/** The account's transactions on the current network, by month, newest first, loading more on scroll. */
export default function ActivityView() {
  const portico = usePortico()
  const history = useStore(portico.history.store, selectHistory)
  const connection = useStore(portico.connection.store, selectConnection)
  const sentinel = useRef<HTMLDivElement>(null)
  const list = useRef<HTMLDivElement>(null)
  const entries = useMemo(() => activityEntries(history), [history])
  const groups = useMemo(() => groupTransactions(entries), [entries])
  useKeyboardScrollRegion(list, entries.length > 0)
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

  if (history.status === 'error' && entries.length === 0) {
    return (
      <div className="center" role="alert">
        <h3>{t('failedToFetchTransactions')}</h3>
        <SetupErrorNotice service="chainApi" />
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
  if (history.status === 'ready' && entries.length === 0) {
    return <EmptyState icon="activity" title={t('noActivity')} text={t('noActivityBody')} />
  }
  // Before the first page (and while it loads), rows in the shape of transactions hold the view's place.
  if (entries.length === 0) {
    return (
      <div className="activity" aria-busy="true">
        <span className="skeleton group-skeleton" />
        <ul className="list">
          <SkeletonRows count={SKELETON_ROWS} className="token" image={32} />
        </ul>
        <p className="visually-hidden" role="status">
          {t('loadingActivity')}
        </p>
      </div>
    )
  }
  return (
    <div className="activity" ref={list}>
      {groups.map((group) => (
        <section
          key={`${group.year}-${group.month}`}
          aria-label={formatMonth(Date.UTC(group.year, group.month))}
        >
          <h3 className="group-title">{formatMonth(Date.UTC(group.year, group.month))}</h3>
          <ul className="list">
            {group.entries.map((entry) => (
              <ActivityRow key={entry.id} entry={entry} explorer={explorer} />
            ))}
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
