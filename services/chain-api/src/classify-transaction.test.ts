import { describe, expect, it } from 'vitest'
import { internalValueTransfers } from './block-activity.js'
import { classifyTransaction, type StoredMovement } from './classify-transaction.js'

const me = '0x00000000000000000000000000000000000000aa'
const router = '0x00000000000000000000000000000000000000f0'
const feeTo = '0x00000000000000000000000000000000000000fe'
const friend = '0x00000000000000000000000000000000000000bb'
const usdc = '0x00000000000000000000000000000000000000c0'
const move = (token: string | null, sender: string, recipient: string, amount: bigint): StoredMovement => ({
  token,
  sender,
  recipient,
  amount,
  kind: 'transfer',
})

describe('classifyTransaction', () => {
  it('reads a token → native swap as one trade, the fee leg folded into the input', () => {
    const result = classifyTransaction({
      account: me,
      recipient: router,
      purchase: false,
      movements: [move(usdc, me, feeTo, 255n), move(usdc, me, router, 29_745n), move(null, router, me, 7n)],
    })
    expect(result.operationType).toBe('trade')
    expect(result.legs).toEqual([
      { token: usdc, direction: 'out', amount: 30_000n, counterparty: router },
      { token: null, direction: 'in', amount: 7n, counterparty: router },
    ])
    expect(result.counterparty).toBe(router)
  })

  it('names the person paid by a token send, not the token contract', () => {
    const result = classifyTransaction({
      account: me,
      recipient: usdc,
      purchase: false,
      movements: [move(usdc, me, friend, 5n)],
    })
    expect(result).toMatchObject({ operationType: 'send', counterparty: friend })
  })

  it('reads an allowance with nothing moved as an approval of its spender', () => {
    const result = classifyTransaction({
      account: me,
      recipient: usdc,
      purchase: false,
      movements: [{ token: usdc, sender: me, recipient: router, amount: 9n, kind: 'approval' }],
    })
    expect(result).toMatchObject({
      operationType: 'approve',
      legs: [],
      approvals: [{ token: usdc, spender: router, amount: 9n }],
      counterparty: router,
    })
  })

  it('tells receives, purchases, self-transfers and bare calls apart', () => {
    const base = { account: me, recipient: usdc, purchase: false }
    expect(classifyTransaction({ ...base, movements: [move(usdc, friend, me, 1n)] })).toMatchObject({
      operationType: 'receive',
      counterparty: friend,
    })
    expect(
      classifyTransaction({ ...base, purchase: true, movements: [move(usdc, friend, me, 1n)] }).operationType,
    ).toBe('buy')
    expect(classifyTransaction({ ...base, movements: [move(null, me, me, 3n)] }).legs).toEqual([
      { token: null, direction: 'self', amount: 3n, counterparty: me },
    ])
    // Someone else's approval in the same transaction is not the account's.
    expect(
      classifyTransaction({
        ...base,
        movements: [{ token: usdc, sender: friend, recipient: router, amount: 1n, kind: 'approval' }],
      }),
    ).toMatchObject({ operationType: 'execute', counterparty: usdc })
  })
})

describe('internalValueTransfers', () => {
  const hash = `0x${'1'.repeat(64)}`
  const call = (traceAddress: number[], value: string, extra: object = {}) => ({
    type: 'call',
    action: { from: router, to: me, value, callType: 'call' },
    transactionHash: hash,
    traceAddress,
    ...extra,
  })

  it('keeps value moved by successful internal calls, not by the top call or under a revert', () => {
    const moved = internalValueTransfers([
      call([], '0x5'),
      call([0], '0x7'),
      call([1], '0x9', { error: 'Reverted' }),
      call([1, 0], '0xb'),
      call([2], '0x0'),
      call([3], '0xd', { action: { from: router, to: me, value: '0xd', callType: 'delegatecall' } }),
    ])
    expect(moved.get(hash)).toEqual([{ index: 1, from: router, to: me, value: 7n }])
  })
})
