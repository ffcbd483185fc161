import { describe, expect, it } from 'vitest'
import type { HistoryItem } from './history-schemas.js'
import { summarizeTransaction } from './transaction-summary.js'

const item = (
  operationType: string,
  transfers: HistoryItem['transfers'],
  extra: Partial<HistoryItem['metadata']> = {},
): HistoryItem => ({
  id: 'eip155:1:0x1',
  metadata: {
    operationType,
    hash: '0x1',
    minedAt: '2026-11-27T01:00:00.000Z',
    sentFrom: '0xMe',
    sentTo: '0xTokenContract',
    status: 'confirmed',
    nonce: 1,
    chain: 'eip155:1',
    ...extra,
  },
  transfers,
})
const leg = (symbol: string, direction: string, numeric: string, extra = {}) => ({
  fungible_info: { name: symbol, symbol, icon: { url: `https://icons/${symbol}` } },
  direction,
  quantity: { numeric },
  value: 1,
  ...extra,
})

describe('summarizeTransaction', () => {
  it('shows a swap as one row, what went before what came, with both icons', () => {
    const summary = summarizeTransaction(
      item('trade', [leg('USDC', 'in', '1480.7'), leg('ETH', 'out', '0.5')], {
        counterparty: { address: '0xRouter' },
      }),
    )
    expect(summary.kind).toBe('swap')
    expect(summary.legs.map((entry) => [entry.direction, entry.symbol, entry.iconUrl])).toEqual([
      ['out', 'ETH', 'https://icons/ETH'],
      ['in', 'USDC', 'https://icons/USDC'],
    ])
  })

  it('reads legs both ways as a swap even where the history calls it a send', () => {
    expect(summarizeTransaction(item('send', [leg('USDC', 'out', '3'), leg('ETH', 'in', '1')])).kind).toBe(
      'swap',
    )
  })

  it("names a token send's receiver: the given counterparty, else the leg's recipient, never the token contract", () => {
    const named = summarizeTransaction(
      item('send', [leg('USDC', 'out', '5', { recipient: '0xFriend' })], {
        counterparty: { address: '0xFriend', name: 'friend.wcn.id' },
      }),
    )
    expect(named.counterparty).toEqual({ address: '0xFriend', name: 'friend.wcn.id' })
    const plain = summarizeTransaction(item('send', [leg('USDC', 'out', '5', { recipient: '0xFriend' })]))
    expect(plain.counterparty).toEqual({ address: '0xFriend', name: undefined })
  })

  it('shows an approval with its token, amount and spender', () => {
    const summary = summarizeTransaction({
      ...item('approve', []),
      approvals: [
        {
          fungible_info: { symbol: 'USDC', icon: { url: 'https://icons/USDC' } },
          quantity: { numeric: '300' },
          unlimited: false,
          spender: '0xRouter',
        },
      ],
    })
    expect(summary).toMatchObject({
      kind: 'approve',
      approval: { symbol: 'USDC', amount: '300', unlimited: false, spender: '0xRouter' },
      counterparty: { address: '0xRouter' },
    })
  })

  it('tells purchases, receives, failures and bare calls apart', () => {
    expect(summarizeTransaction(item('buy', [leg('USDC', 'in', '50')])).kind).toBe('buy')
    expect(summarizeTransaction(item('receive', [leg('USDC', 'in', '50')])).counterparty?.address).toBe(
      '0xMe',
    )
    expect(summarizeTransaction(item('execute', [], { status: 'failed' })).kind).toBe('failed')
    expect(summarizeTransaction(item('execute', [])).kind).toBe('call')
  })
})
