import type { HistoryItem } from './history-schemas.js'

/** What a row of Activity says the visitor did. */
export type ActivityKind = 'swap' | 'send' | 'receive' | 'buy' | 'approve' | 'call' | 'failed'

export interface ActivityLeg {
  symbol: string
  iconUrl: string | undefined
  /** Decimal amount, unsigned. */
  amount: string
  direction: 'in' | 'out' | 'self'
  /** USD value at the price the history gives; undefined when it has none. */
  value: number | undefined
}

export interface ActivityCounterparty {
  address: string
  name: string | undefined
}

export interface ActivityApproval {
  symbol: string
  iconUrl: string | undefined
  amount: string
  unlimited: boolean
  spender: string
}

export interface ActivitySummary {
  kind: ActivityKind
  /** A swap's outgoing leg first, then its incoming one; one leg for a send, receive or purchase. */
  legs: ActivityLeg[]
  /** The person or contract on the other side: a send's receiver, a receive's sender, an approval's spender. */
  counterparty: ActivityCounterparty | undefined
  approval: ActivityApproval | undefined
}

const direction = (value: string): ActivityLeg['direction'] =>
  value === 'in' ? 'in' : value === 'self' ? 'self' : 'out'

const present = (value: string | null | undefined) => (value ? value : undefined)

/**
 * One Activity row from one history item. Reads Portico's chain API (operation types, netted legs, the
 * counterparty with its name) and also a plainer history that lacks them: a send or receive with legs both
 * ways is a swap, and the counterparty falls back to the leg's recipient, then the transaction's ends.
 */
export function summarizeTransaction(item: HistoryItem): ActivitySummary {
  const legs: ActivityLeg[] = item.transfers
    .map((transfer) => ({
      symbol: transfer.fungible_info?.symbol ?? '',
      iconUrl: present(transfer.fungible_info?.icon?.url),
      amount: transfer.quantity.numeric.replace(/^-/, ''),
      direction: direction(transfer.direction),
      value: transfer.value == null ? undefined : Math.abs(transfer.value),
    }))
    // Outgoing first, as a swap reads: what went, then what came.
    .sort((a, b) => Number(a.direction === 'in') - Number(b.direction === 'in'))
  const { operationType, status } = item.metadata
  const goesOut = legs.some((leg) => leg.direction === 'out')
  const comesIn = legs.some((leg) => leg.direction === 'in')
  const kind: ActivityKind =
    status === 'failed'
      ? 'failed'
      : operationType === 'trade' || (goesOut && comesIn && operationType !== 'buy')
        ? 'swap'
        : operationType === 'buy'
          ? 'buy'
          : operationType === 'approve'
            ? 'approve'
            : operationType === 'send' || (goesOut && operationType !== 'execute')
              ? 'send'
              : operationType === 'receive' || comesIn
                ? 'receive'
                : 'call'

  const first = item.approvals?.[0]
  const approval: ActivityApproval | undefined = first
    ? {
        symbol: first.fungible_info?.symbol ?? '',
        iconUrl: present(first.fungible_info?.icon?.url),
        amount: first.quantity.numeric,
        unlimited: first.unlimited === true,
        spender: first.spender,
      }
    : undefined

  const given = item.metadata.counterparty
  const transfer = item.transfers.find((entry) => entry.direction === (kind === 'send' ? 'out' : 'in'))
  const fallback =
    kind === 'send'
      ? (present(transfer?.recipient) ?? present(item.metadata.sentTo))
      : kind === 'receive' || kind === 'buy'
        ? (present(transfer?.sender) ?? present(item.metadata.sentFrom))
        : kind === 'approve'
          ? approval?.spender
          : present(item.metadata.sentTo)
  const counterparty = given
    ? { address: given.address, name: present(given.name) }
    : fallback
      ? { address: fallback, name: undefined }
      : undefined
  return { kind, legs, counterparty, approval }
}
