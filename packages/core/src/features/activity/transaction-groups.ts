import type { HistoryItem } from './history-schemas.js'

/** A transaction whose every transfer is flagged spam is dropped (spec §5). */
export function isSpamTransaction(item: HistoryItem): boolean {
  return (
    item.transfers.length > 0 &&
    item.transfers.every((transfer) => transfer.nft_info?.flags?.is_spam === true)
  )
}

export interface TransactionGroup {
  year: number
  /** 0-11 */
  month: number
  items: HistoryItem[]
}

/** Groups transactions by year and month, newest first (spec §3). */
export function groupTransactions(items: readonly HistoryItem[]): TransactionGroup[] {
  const sorted = [...items].sort((a, b) => Date.parse(b.metadata.minedAt) - Date.parse(a.metadata.minedAt))
  const groups: TransactionGroup[] = []
  for (const item of sorted) {
    const date = new Date(item.metadata.minedAt)
    const year = date.getUTCFullYear()
    const month = date.getUTCMonth()
    const last = groups.at(-1)
    if (last && last.year === year && last.month === month) last.items.push(item)
    else groups.push({ year, month, items: [item] })
  }
  return groups
}
