import type { Insertable } from 'kysely'
import type {
  AccountTransactionsTable,
  ChainTransactionsTable,
  TokenTransfersTable,
} from './chain-api-database.js'
import type { RpcBlock, RpcReceipt, RpcTrace } from './rpc-block-schemas.js'

/** keccak256("Transfer(address,address,uint256)") */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
/** keccak256("Approval(address,address,uint256)") */
export const APPROVAL_TOPIC = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925'

/** The rows one block adds to the history tables. */
export interface BlockActivity {
  transactions: Insertable<ChainTransactionsTable>[]
  transfers: Insertable<TokenTransfersTable>[]
  participants: Insertable<AccountTransactionsTable>[]
}

const ZERO_ADDRESS = `0x${'0'.repeat(40)}`

const topicAddress = (topic: string) => `0x${topic.slice(26).toLowerCase()}`

/**
 * Native value that internal calls of successful transactions moved, by transaction hash, in trace order.
 * A reverted call's value (and that of every call beneath it) never moved; delegate and static calls move
 * none; creations are left out.
 */
export function internalValueTransfers(traces: readonly RpcTrace[]) {
  const byHash = new Map<string, { index: number; from: string; to: string; value: bigint }[]>()
  const reverted = new Map<string, string[]>()
  traces.forEach((trace, index) => {
    const hash = trace.transactionHash?.toLowerCase()
    if (!hash) return
    const path = trace.traceAddress.join('.')
    const revertedPaths = reverted.get(hash) ?? []
    const underRevert = revertedPaths.some((p) => p === '' || path === p || path.startsWith(`${p}.`))
    if (trace.error !== undefined) {
      revertedPaths.push(path)
      reverted.set(hash, revertedPaths)
    }
    if (underRevert || trace.error !== undefined || trace.traceAddress.length === 0) return
    const { from, to, value, callType } = trace.action
    if (trace.type !== 'call' || callType !== 'call' || !from || !to || !value) return
    const amount = BigInt(value)
    if (amount === 0n) return
    const list = byHash.get(hash) ?? []
    list.push({ index, from: from.toLowerCase(), to: to.toLowerCase(), value: amount })
    byHash.set(hash, list)
  })
  return byHash
}

/**
 * Turns a block (with full transactions), its receipts and its traces into history rows: every transaction,
 * its native value if it succeeded, native value its internal calls moved (from the traces, when the node
 * gives them), its ERC-20 Transfer and Approval events, and one participant row per account involved.
 * ERC-721 Transfers (4 topics) are not recorded.
 */
export function blockActivity(
  chainId: number,
  block: RpcBlock,
  receipts: readonly RpcReceipt[],
  traces: readonly RpcTrace[] = [],
): BlockActivity {
  const activity: BlockActivity = { transactions: [], transfers: [], participants: [] }
  const blockNumber = BigInt(block.number).toString()
  const minedAt = new Date(Number(BigInt(block.timestamp)) * 1000)
  const receiptByHash = new Map(receipts.map((receipt) => [receipt.transactionHash.toLowerCase(), receipt]))
  const internalByHash = internalValueTransfers(traces)

  for (const tx of block.transactions) {
    const hash = tx.hash.toLowerCase()
    const receipt = receiptByHash.get(hash)
    const txIndex = Number(BigInt(tx.transactionIndex))
    const sender = tx.from.toLowerCase()
    const recipient = (tx.to ?? receipt?.contractAddress ?? null)?.toLowerCase() ?? null
    const succeeded = receipt?.status == null || BigInt(receipt.status) === 1n
    activity.transactions.push({
      chain_id: chainId,
      hash,
      block_number: blockNumber,
      tx_index: txIndex,
      mined_at: minedAt,
      sender,
      recipient,
      nonce: BigInt(tx.nonce).toString(),
      status: succeeded ? 'confirmed' : 'failed',
    })
    const participants = new Set([sender])
    if (recipient) participants.add(recipient)

    const value = BigInt(tx.value)
    if (succeeded && value > 0n && recipient) {
      activity.transfers.push({
        chain_id: chainId,
        hash,
        log_index: -1,
        token: null,
        sender,
        recipient,
        amount: value.toString(),
      })
    }
    if (succeeded) {
      for (const internal of internalByHash.get(hash) ?? []) {
        activity.transfers.push({
          chain_id: chainId,
          hash,
          log_index: -2 - internal.index,
          token: null,
          sender: internal.from,
          recipient: internal.to,
          amount: internal.value.toString(),
        })
        participants.add(internal.from)
        participants.add(internal.to)
      }
    }
    for (const log of receipt?.logs ?? []) {
      const [topic0, from, to] = log.topics
      const topic = topic0?.toLowerCase()
      // ERC-20 Transfer and Approval: two indexed addresses and the amount as the 32-byte data word.
      if (topic !== TRANSFER_TOPIC && topic !== APPROVAL_TOPIC) continue
      if (!from || !to || log.topics.length !== 3 || log.data.length !== 66) continue
      const transfer = {
        chain_id: chainId,
        hash,
        log_index: Number(BigInt(log.logIndex)),
        token: log.address.toLowerCase(),
        sender: topicAddress(from),
        recipient: topicAddress(to),
        amount: BigInt(log.data).toString(),
        kind: topic === APPROVAL_TOPIC ? ('approval' as const) : ('transfer' as const),
      }
      activity.transfers.push(transfer)
      participants.add(transfer.sender)
      participants.add(transfer.recipient)
    }
    // Mints and burns would pile every holder's history onto the zero address; nobody reads it.
    participants.delete(ZERO_ADDRESS)
    for (const address of participants) {
      activity.participants.push({
        chain_id: chainId,
        address,
        hash,
        block_number: blockNumber,
        tx_index: txIndex,
      })
    }
  }
  return activity
}
