import { describe, expect, it } from 'vitest'
import type { HistoryItem } from './history-schemas.js'
import { activityEntries, groupTransactions, isSpamTransaction } from './transaction-groups.js'

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
    const groups = groupTransactions(
      activityEntries({
        items: [
          item('a', '2025-12-31T23:00:00Z'),
          item('b', '2026-11-02T10:00:00Z'),
          item('c', '2026-11-20T10:00:00Z'),
          item('d', '2026-01-05T10:00:00Z'),
        ],
        registrations: [],
        next: null,
      }),
    )
    expect(groups.map((group) => [group.year, group.month, group.entries.map((entry) => entry.id)])).toEqual([
      [2026, 10, ['c', 'b']],
      [2026, 0, ['d']],
      [2025, 11, ['a']],
    ])
  })

  it('places name registrations among transactions by time, holding back older ones while pages remain', () => {
    const history = {
      items: [item('a', '2026-11-20T10:00:00Z'), item('b', '2026-11-02T10:00:00Z')],
      registrations: [
        { name: 'new.wcn.id', registeredAt: '2026-11-10T10:00:00.000Z' },
        { name: 'old.wcn.id', registeredAt: '2026-10-01T10:00:00.000Z' },
      ],
    }
    const ids = (next: string | null) =>
      groupTransactions(activityEntries({ ...history, next })).flatMap((group) =>
        group.entries.map((entry) => entry.id),
      )
    expect(ids('cursor')).toEqual(['a', 'name:new.wcn.id', 'b'])
    expect(ids(null)).toEqual(['a', 'name:new.wcn.id', 'b', 'name:old.wcn.id'])
    // A name alone (no transaction yet) is still a row.
    expect(activityEntries({ items: [], registrations: history.registrations, next: null })).toHaveLength(2)
  })

  it('drops a transaction only when all its transfers are spam', () => {
    expect(isSpamTransaction(item('a', '2026-01-01T00:00:00Z', [true, true]))).toBe(true)
    expect(isSpamTransaction(item('b', '2026-01-01T00:00:00Z', [true, false]))).toBe(false)
    expect(isSpamTransaction(item('c', '2026-01-01T00:00:00Z', []))).toBe(false)
  })
})
