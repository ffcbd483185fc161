import {
  blockExplorerUrl,
  type ConnectionState,
  formatAmount,
  formatCurrency,
  type Portico,
  shortenAddress,
} from '@portico/core'
import {
  type ActivityLeg,
  type ActivitySummary,
  blockExplorerLink,
  formatMonth,
  formatTime,
  groupTransactions,
  type HistoryItem,
  type HistoryState,
  summarizeTransaction,
} from '@portico/core/internal'
import { useEffect, useMemo, useRef } from 'react'
import { EmptyState, emptyStateStyles } from '../../components/empty-state.js'
import { SetupErrorNotice } from '../../components/setup-error-notice.js'
import { SkeletonRows, skeletonStyles } from '../../components/skeleton.js'
import { tokenRowStyles } from '../../components/token-row-styles.js'
import { WalletImage } from '../../components/wallet-image.js'
import { useNetwork } from '../../use-network.js'
import { usePortico } from '../../use-portico.js'
import { useStore } from '../../use-store.js'
import { activityStyles } from './activity-styles.js'
import { useKeyboardScrollRegion } from './keyboard-scroll-region.js'
import { activityViewMessages } from './view-messages.js'

const { t } = activityViewMessages

export const styles = `${skeletonStyles}${emptyStateStyles}${tokenRowStyles}${activityStyles}`

/** Placeholder rows while the first page of transactions loads. */
const SKELETON_ROWS = 6

const selectHistory = (state: HistoryState) => state
const selectConnection = (state: ConnectionState) => state.connection

const TITLES = {
  swap: 'swapped',
  send: 'sent',
  receive: 'received',
  buy: 'bought',
  approve: 'approved',
  call: 'contractCall',
  failed: 'failed',
} as const

const signOf = (leg: ActivityLeg) => (leg.direction === 'in' ? '+' : leg.direction === 'out' ? '−' : '')
const amountOf = (leg: ActivityLeg) => `${formatAmount(leg.amount)} ${leg.symbol}`
const whoOf = (counterparty: ActivitySummary['counterparty']) =>
  counterparty ? (counterparty.name ?? shortenAddress(counterparty.address)) : undefined

/** The row's second line: what was swapped for what, whom it went to or came from, what was allowed. */
function detailOf(summary: ActivitySummary): string {
  const who = whoOf(summary.counterparty)
  const [first, second] = summary.legs
  switch (summary.kind) {
    case 'swap':
      return first && second ? t('swapDetail', { from: first.symbol, to: second.symbol }) : ''
    case 'send':
      return who ? t('toCounterparty', { who }) : ''
    case 'receive':
    case 'buy':
      return who ? t('fromCounterparty', { who }) : ''
    case 'approve': {
      const approval = summary.approval
      if (!approval) return who ? t('withCounterparty', { who }) : ''
      const amount = approval.unlimited
        ? t('unlimitedAmount', { symbol: approval.symbol })
        : `${formatAmount(approval.amount)} ${approval.symbol}`
      return t('approvalDetail', { amount, who: who ?? '' })
    }
    default:
      return who ? t('withCounterparty', { who }) : ''
  }
}

/** One icon per token (both for a swap, the one given first); a neutral mark for a bare call. */
function RowIcons({ summary }: { summary: ActivitySummary }) {
  const tokens = summary.approval
    ? [{ symbol: summary.approval.symbol, iconUrl: summary.approval.iconUrl }]
    : summary.legs.slice(0, 2)
  if (tokens.length === 0) return <WalletImage src={undefined} name={t(TITLES[summary.kind])} size={32} />
  return (
    <span className={tokens.length > 1 ? 'activity-icons pair' : 'activity-icons'}>
      {tokens.map((token) => (
        <WalletImage
          key={token.symbol}
          src={token.iconUrl}
          name={token.symbol}
          size={tokens.length > 1 ? 24 : 32}
        />
      ))}
    </span>
  )
}

function ActivityRow({ item, explorer }: { item: HistoryItem; explorer: string | undefined }) {
  const summary = summarizeTransaction(item)
  const title = t(TITLES[summary.kind])
  const detail = detailOf(summary)
  // Incoming legs first on the right, as a balance reads: what the visitor has now, then what it cost.
  const legs = [...summary.legs].sort((a, b) => Number(b.direction === 'in') - Number(a.direction === 'in'))
  return (
    <li className="token activity-row" data-hash={item.metadata.hash} data-kind={summary.kind}>
      <RowIcons summary={summary} />
      <span className="name">
        {explorer ? (
          <a href={blockExplorerLink(explorer, 'tx', item.metadata.hash)} target="_blank" rel="noreferrer">
            {title}
            <span className="visually-hidden"> {t('viewTransaction')}</span>
          </a>
        ) : (
          title
        )}
        {detail ? <span className="muted detail">{detail}</span> : null}
      </span>
      <span className="amount">
        {legs.map((leg) => (
          <span key={`${leg.direction}-${leg.symbol}`} className={`leg ltr ${leg.direction}`}>
            {signOf(leg)}
            {amountOf(leg)}
          </span>
        ))}
        {legs.length === 1 && legs[0]?.value ? (
          <span className="muted">{formatCurrency(legs[0].value)}</span>
        ) : null}
        <time className="muted" dateTime={item.metadata.minedAt}>
          {formatTime(new Date(item.metadata.minedAt))}
        </time>
      </span>
    </li>
  )
}

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
  useKeyboardScrollRegion(list, history.items.length > 0)
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
  if (history.status === 'ready' && history.items.length === 0) {
    return <EmptyState icon="activity" title={t('noActivity')} text={t('noActivityBody')} />
  }
  // Before the first page (and while it loads), rows in the shape of transactions hold the view's place.
  if (history.items.length === 0) {
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
            {group.items.map((item) => (
              <ActivityRow key={item.id} item={item} explorer={explorer} />
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
