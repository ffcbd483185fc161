import { formatAmount, formatCurrency, shortenAddress } from '@portico/core'
import {
  type ActivityEntry,
  type ActivityLeg,
  type ActivitySummary,
  blockExplorerLink,
  formatTime,
  type HistoryItem,
  summarizeTransaction,
} from '@portico/core/internal'
import { WalletImage } from '../../components/wallet-image.js'
import { activityViewMessages } from './view-messages.js'

const { t } = activityViewMessages

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

function TransactionRow({ item, explorer }: { item: HistoryItem; explorer: string | undefined }) {
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

/** A name the account registered: off-chain, so no explorer link, amount or fee. */
function RegistrationRow({ name, at }: { name: string; at: string }) {
  return (
    <li className="token activity-row" data-kind="name">
      <WalletImage src={undefined} name={name} size={32} />
      <span className="name">{t('registeredName', { name })}</span>
      <span className="amount">
        <time className="muted" dateTime={at}>
          {formatTime(new Date(at))}
        </time>
      </span>
    </li>
  )
}

/** One row of Activity: a transaction, or a name registration. */
export function ActivityRow({ entry, explorer }: { entry: ActivityEntry; explorer: string | undefined }) {
  return entry.type === 'transaction' ? (
    <TransactionRow item={entry.item} explorer={explorer} />
  ) : (
    <RegistrationRow name={entry.name} at={entry.at} />
  )
}
