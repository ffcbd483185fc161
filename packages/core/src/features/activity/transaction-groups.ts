import type { HistoryItem } from './history-schemas.js'
import type { HistoryState } from './history-state.js'

/** A transaction whose every transfer is flagged spam is dropped (spec §5). */
export function isSpamTransaction(item: HistoryItem): boolean {
  return (
    item.transfers.length > 0 &&
    item.transfers.every((transfer) => transfer.nft_info?.flags?.is_spam === true)
  )
}

/** One row of Activity: a transaction, or a name the account registered. */
export type ActivityEntry =
  | { type: 'transaction'; id: string; at: string; item: HistoryItem }
  | { type: 'registration'; id: string; at: string; name: string }

/**
 * The loaded transactions and the account's name registrations as one list. A registration older than
 * every loaded transaction waits while more pages remain: its place is among transactions not loaded yet.
 */
export function activityEntries(
  history: Pick<HistoryState, 'items' | 'registrations' | 'next'>,
): ActivityEntry[] {
  const entries: ActivityEntry[] = history.items.map((item) => ({
    type: 'transaction',
    id: item.id,
    at: item.metadata.minedAt,
    item,
  }))
  const oldest = Math.min(...entries.map((entry) => Date.parse(entry.at)))
  for (const { name, registeredAt } of history.registrations) {
    if (history.next && Date.parse(registeredAt) < oldest) continue
    entries.push({ type: 'registration', id: `name:${name}`, at: registeredAt, name })
  }
  return entries
}

export interface TransactionGroup {
  year: number
  /** 0-11 */
  month: number
  entries: ActivityEntry[]
}

/** Groups Activity's rows by year and month, newest first (spec §3). */
export function groupTransactions(entries: readonly ActivityEntry[]): TransactionGroup[] {
  const sorted = [...entries].sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
  const groups: TransactionGroup[] = []
  for (const entry of sorted) {
    const date = new Date(entry.at)
    const year = date.getUTCFullYear()
    const month = date.getUTCMonth()
    const last = groups.at(-1)
    if (last && last.year === year && last.month === month) last.entries.push(entry)
    else groups.push({ year, month, entries: [entry] })
  }
  return groups
}
