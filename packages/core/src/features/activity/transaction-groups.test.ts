import { describe, expect, it } from 'vitest'
import type { HistoryItem } from './history-schemas.js'
import { groupTransactions, isSpamTransaction } from './transaction-groups.js'

const item = (id: string, minedAt: string, spam: boolean[] = [false]): HistoryItem => ({
  id,
  metadata: {
    operationType: 'send',
    hash: `0x${id}`,
    minedAt,
    sentFrom: '0x1',
    sentTo: '0x2',
    status: 'confirmed',
    nonce: 0,
    chain: 'eip155:1',
  },
  transfers: spam.map((is_spam) => ({
    direction: 'out',
    quantity: { numeric: '1' },
    nft_info: { flags: { is_spam } },
  })),
})

describe('transaction history', () => {
  it('groups by year and month, newest first', () => {
    const groups = groupTransactions([
      item('a', '2025-12-31T23:00:00Z'),
      item('b', '2026-11-02T10:00:00Z'),
      item('c', '2026-11-20T10:00:00Z'),
      item('d', '2026-01-05T10:00:00Z'),
    ])
    expect(groups.map((group) => [group.year, group.month, group.items.map((entry) => entry.id)])).toEqual([
      [2026, 10, ['c', 'b']],
      [2026, 0, ['d']],
      [2025, 11, ['a']],
    ])
  })

  it('drops a transaction only when all its transfers are spam', () => {
    expect(isSpamTransaction(item('a', '2026-01-01T00:00:00Z', [true, true]))).toBe(true)
    expect(isSpamTransaction(item('b', '2026-01-01T00:00:00Z', [true, false]))).toBe(false)
    expect(isSpamTransaction(item('c', '2026-01-01T00:00:00Z', []))).toBe(false)
  })
})
