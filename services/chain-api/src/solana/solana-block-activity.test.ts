import { describe, expect, it } from 'vitest'
import { pairMovements, solanaBlockActivity } from './solana-block-activity.js'
import type { SolanaBlock } from './solana-block-schema.js'

const ALICE = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const BOB = 'AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD'
const CAROL = 'CqMbRgMuEhQi9BUS8xP44Wk5nENm48FqJnfjEi4eNb1k'
const SYSTEM = '11111111111111111111111111111111'
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
const ALICE_USDC = '9Tj3srBSxH7RFRCm8uharreY7ZBS49XSfpwCeYa7Xaqp'
const BOB_USDC = '6gYw7q94fJdEwL8WkT1a6LHBdTMbix1aciALwEWPx3Wp'
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'

const block = (transactions: SolanaBlock['transactions']): SolanaBlock => ({
  blockhash: 'H1',
  previousBlockhash: 'H0',
  parentSlot: 41n,
  blockTime: 1_700_000_000n,
  transactions,
})

describe('solanaBlockActivity', () => {
  it('records a SOL transfer with the fee given back to its payer, and both accounts as participants', () => {
    const activity = solanaBlockActivity(
      -7,
      42,
      block([
        {
          transaction: { signatures: ['sig1'], message: { accountKeys: [ALICE, BOB, SYSTEM] } },
          meta: {
            err: null,
            fee: 5000n,
            preBalances: [10_000_000_000n, 0n, 1n],
            postBalances: [8_999_995_000n, 1_000_000_000n, 1n],
          },
        },
      ]),
    )
    expect(activity.transactions).toEqual([
      expect.objectContaining({
        chain_id: -7,
        hash: 'sig1',
        block_number: '42',
        tx_index: 0,
        sender: ALICE,
        recipient: BOB,
        status: 'confirmed',
      }),
    ])
    expect(activity.transfers).toEqual([
      {
        chain_id: -7,
        hash: 'sig1',
        log_index: -1,
        token: null,
        sender: ALICE,
        recipient: BOB,
        amount: '1000000000',
      },
    ])
    expect(activity.participants.map((row) => row.address).sort()).toEqual([ALICE, BOB].sort())
  })

  it('records SPL token movements by owner and mint, not by token account', () => {
    const activity = solanaBlockActivity(
      -7,
      43,
      block([
        {
          transaction: {
            signatures: ['sig2'],
            message: { accountKeys: [ALICE, ALICE_USDC, BOB_USDC, TOKEN_PROGRAM] },
          },
          meta: {
            err: null,
            fee: 5000n,
            preBalances: [10_000n, 2_039_280n, 2_039_280n, 1n],
            postBalances: [5_000n, 2_039_280n, 2_039_280n, 1n],
            preTokenBalances: [
              { accountIndex: 1, mint: USDC, owner: ALICE, uiTokenAmount: { amount: '5000000' } },
              { accountIndex: 2, mint: USDC, owner: BOB, uiTokenAmount: { amount: '0' } },
            ],
            postTokenBalances: [
              { accountIndex: 1, mint: USDC, owner: ALICE, uiTokenAmount: { amount: '3500000' } },
              { accountIndex: 2, mint: USDC, owner: BOB, uiTokenAmount: { amount: '1500000' } },
            ],
          },
        },
      ]),
    )
    expect(activity.transfers).toEqual([
      {
        chain_id: -7,
        hash: 'sig2',
        log_index: 0,
        token: USDC,
        sender: ALICE,
        recipient: BOB,
        amount: '1500000',
      },
    ])
    expect(activity.transactions[0]).toMatchObject({ recipient: BOB })
    expect(activity.participants.map((row) => row.address).sort()).toEqual([ALICE, BOB].sort())
  })

  it("records a token send that creates the receiver's token account as the token transfer to its owner", () => {
    const activity = solanaBlockActivity(
      -7,
      45,
      block([
        {
          transaction: {
            signatures: ['sig4'],
            message: { accountKeys: [ALICE, ALICE_USDC, BOB_USDC, BOB, USDC, TOKEN_PROGRAM] },
          },
          meta: {
            err: null,
            fee: 5000n,
            // Alice pays the fee and the new account's rent deposit.
            preBalances: [10_000_000n, 2_039_280n, 0n, 0n, 1n, 1n],
            postBalances: [7_955_720n, 2_039_280n, 2_039_280n, 0n, 1n, 1n],
            preTokenBalances: [
              { accountIndex: 1, mint: USDC, owner: ALICE, uiTokenAmount: { amount: '5000000' } },
            ],
            postTokenBalances: [
              { accountIndex: 1, mint: USDC, owner: ALICE, uiTokenAmount: { amount: '3500000' } },
              { accountIndex: 2, mint: USDC, owner: BOB, uiTokenAmount: { amount: '1500000' } },
            ],
          },
        },
      ]),
    )
    expect(activity.transfers).toEqual([
      expect.objectContaining({ token: USDC, sender: ALICE, recipient: BOB, amount: '1500000' }),
    ])
    expect(activity.transactions[0]).toMatchObject({ sender: ALICE, recipient: BOB })
    expect(activity.participants.map((row) => row.address).sort()).toEqual([ALICE, BOB].sort())
  })

  it('records a failed transaction with its payer only and no transfer', () => {
    const activity = solanaBlockActivity(
      -7,
      44,
      block([
        {
          transaction: { signatures: ['sig3'], message: { accountKeys: [ALICE, BOB, SYSTEM] } },
          meta: {
            err: { InstructionError: [0, { Custom: 1 }] },
            fee: 5000n,
            preBalances: [10_000n, 0n, 1n],
            postBalances: [5_000n, 0n, 1n],
          },
        },
      ]),
    )
    expect(activity.transactions[0]).toMatchObject({ status: 'failed', recipient: null })
    expect(activity.transfers).toEqual([])
    expect(activity.participants.map((row) => row.address)).toEqual([ALICE])
  })
})

describe('pairMovements', () => {
  it('splits one sender over several receivers and matches several senders in order', () => {
    expect(
      pairMovements(
        [{ address: ALICE, amount: 5n }],
        [
          { address: BOB, amount: 2n },
          { address: CAROL, amount: 3n },
        ],
      ),
    ).toEqual([
      { sender: ALICE, recipient: BOB, amount: 2n },
      { sender: ALICE, recipient: CAROL, amount: 3n },
    ])
    expect(
      pairMovements(
        [
          { address: ALICE, amount: 1n },
          { address: BOB, amount: 2n },
        ],
        [{ address: CAROL, amount: 3n }],
      ),
    ).toEqual([
      { sender: ALICE, recipient: CAROL, amount: 1n },
      { sender: BOB, recipient: CAROL, amount: 2n },
    ])
  })
})
