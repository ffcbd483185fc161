import type { BlockActivity } from '../block-activity.js'
import type { SolanaBlock, SolanaBlockTransaction } from './solana-block-schema.js'

interface Movement {
  address: string
  amount: bigint
}

/**
 * Pairs what left accounts with what reached others, in order: a transfer from one sender to several
 * receivers becomes one row each; several senders are matched greedily.
 */
export function pairMovements(senders: Movement[], receivers: Movement[]) {
  const pairs: { sender: string; recipient: string; amount: bigint }[] = []
  const outs = senders.map((entry) => ({ ...entry }))
  let s = 0
  for (const receiver of receivers) {
    let left = receiver.amount
    while (left > 0n && s < outs.length) {
      const sender = outs[s] as Movement
      const amount = left < sender.amount ? left : sender.amount
      pairs.push({ sender: sender.address, recipient: receiver.address, amount })
      left -= amount
      sender.amount -= amount
      if (sender.amount === 0n) s++
    }
  }
  return pairs
}

/** Net change per key, split into what decreased (senders) and what increased (receivers). */
function split(deltas: Map<string, bigint>) {
  const senders: Movement[] = []
  const receivers: Movement[] = []
  for (const [address, delta] of deltas) {
    if (delta < 0n) senders.push({ address, amount: -delta })
    else if (delta > 0n) receivers.push({ address, amount: delta })
  }
  return { senders, receivers }
}

/**
 * Lamports moved by the transaction itself: balance changes with the fee given back to its payer. A token
 * account's lamports are its rent deposit (paid as it is created, refunded as it is closed), not a payment
 * to anyone: its owner's token movement is the transfer.
 */
function solDeltas(tx: SolanaBlockTransaction, keys: readonly string[]) {
  const meta = tx.meta
  const deltas = new Map<string, bigint>()
  if (!meta) return deltas
  const tokenAccounts = new Set(
    [...(meta.preTokenBalances ?? []), ...(meta.postTokenBalances ?? [])].map((entry) => entry.accountIndex),
  )
  keys.forEach((key, i) => {
    if (tokenAccounts.has(i)) return
    const delta = (meta.postBalances[i] ?? 0n) - (meta.preBalances[i] ?? 0n) + (i === 0 ? meta.fee : 0n)
    if (delta !== 0n) deltas.set(key, (deltas.get(key) ?? 0n) + delta)
  })
  return deltas
}

/** Token amounts moved per mint and owner, from the token balances before and after. */
function tokenDeltas(tx: SolanaBlockTransaction) {
  const byMint = new Map<string, Map<string, bigint>>()
  const add = (
    entry: { mint: string; owner?: string | undefined; uiTokenAmount: { amount: string } },
    sign: bigint,
  ) => {
    if (!entry.owner) return
    const owners = byMint.get(entry.mint) ?? new Map<string, bigint>()
    byMint.set(entry.mint, owners)
    owners.set(entry.owner, (owners.get(entry.owner) ?? 0n) + sign * BigInt(entry.uiTokenAmount.amount))
  }
  for (const entry of tx.meta?.preTokenBalances ?? []) add(entry, -1n)
  for (const entry of tx.meta?.postTokenBalances ?? []) add(entry, 1n)
  return byMint
}

/**
 * A cluster's block as history rows, in the tables EVM chains use: each transaction (signature as hash,
 * fee payer as sender, slot as block number), its SOL and SPL token movements read from the balances
 * before and after it, and one participant row per account whose balance it changed. Programs and
 * read-only accounts that nothing moved to or from are not participants.
 */
export function solanaBlockActivity(storageChainId: number, slot: number, block: SolanaBlock): BlockActivity {
  const activity: BlockActivity = { transactions: [], transfers: [], participants: [] }
  const minedAt = new Date(Number(block.blockTime ?? 0n) * 1000)
  block.transactions.forEach((tx, txIndex) => {
    const hash = tx.transaction.signatures[0] as string
    const loaded = tx.meta?.loadedAddresses
    const keys = [
      ...tx.transaction.message.accountKeys,
      ...(loaded?.writable ?? []),
      ...(loaded?.readonly ?? []),
    ]
    const feePayer = keys[0] as string
    const succeeded = tx.meta !== null && tx.meta.err === null
    const participants = new Set([feePayer])
    const rowsBefore = activity.transfers.length
    if (succeeded) {
      const sol = split(solDeltas(tx, keys))
      pairMovements(sol.senders, sol.receivers).forEach((pair, k) => {
        // Negative indexes for SOL, so they never meet the token rows' in the table's key.
        activity.transfers.push({
          chain_id: storageChainId,
          hash,
          log_index: -1 - k,
          token: null,
          ...pair,
          amount: pair.amount.toString(),
        })
      })
      let tokenIndex = 0
      for (const [mint, owners] of tokenDeltas(tx)) {
        const moved = split(owners)
        for (const pair of pairMovements(moved.senders, moved.receivers)) {
          activity.transfers.push({
            chain_id: storageChainId,
            hash,
            log_index: tokenIndex++,
            token: mint,
            ...pair,
            amount: pair.amount.toString(),
          })
        }
      }
    }
    const moves = activity.transfers.slice(rowsBefore)
    for (const move of moves) {
      participants.add(move.sender)
      participants.add(move.recipient)
    }
    // What the transaction moved to someone other than its payer names its recipient; a bare call has none.
    const recipient = moves.find((move) => move.recipient !== feePayer)?.recipient ?? null
    activity.transactions.push({
      chain_id: storageChainId,
      hash,
      block_number: String(slot),
      tx_index: txIndex,
      mined_at: minedAt,
      sender: feePayer,
      recipient,
      nonce: '0',
      status: succeeded ? 'confirmed' : 'failed',
    })
    for (const address of participants) {
      activity.participants.push({
        chain_id: storageChainId,
        address,
        hash,
        block_number: String(slot),
        tx_index: txIndex,
      })
    }
  })
  return activity
}
