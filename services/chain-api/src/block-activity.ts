import type { Insertable } from 'kysely'
import type {
  AccountTransactionsTable,
  ChainTransactionsTable,
  TokenTransfersTable,
} from './chain-api-database.js'
import type { RpcBlock, RpcReceipt } from './rpc-block-schemas.js'

/** keccak256("Transfer(address,address,uint256)") */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

/** The rows one block adds to the history tables. */
export interface BlockActivity {
  transactions: Insertable<ChainTransactionsTable>[]
  transfers: Insertable<TokenTransfersTable>[]
  participants: Insertable<AccountTransactionsTable>[]
}

const ZERO_ADDRESS = `0x${'0'.repeat(40)}`

const topicAddress = (topic: string) => `0x${topic.slice(26).toLowerCase()}`

/**
 * Turns a block (with full transactions) and its receipts into history rows: every transaction, its native
 * value if it succeeded, its ERC-20 Transfer events, and one participant row per account involved.
 * ERC-721 Transfers (4 topics) and value moved by internal calls are not recorded.
 */
export function blockActivity(
  chainId: number,
  block: RpcBlock,
  receipts: readonly RpcReceipt[],
): BlockActivity {
  const activity: BlockActivity = { transactions: [], transfers: [], participants: [] }
  const blockNumber = BigInt(block.number).toString()
  const minedAt = new Date(Number(BigInt(block.timestamp)) * 1000)
  const receiptByHash = new Map(receipts.map((receipt) => [receipt.transactionHash.toLowerCase(), receipt]))

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
    for (const log of receipt?.logs ?? []) {
      const [topic0, from, to] = log.topics
      // ERC-20 Transfer: two indexed addresses and the amount as the 32-byte data word.
      if (topic0?.toLowerCase() !== TRANSFER_TOPIC || !from || !to || log.topics.length !== 3) continue
      if (log.data.length !== 66) continue
      const transfer = {
        chain_id: chainId,
        hash,
        log_index: Number(BigInt(log.logIndex)),
        token: log.address.toLowerCase(),
        sender: topicAddress(from),
        recipient: topicAddress(to),
        amount: BigInt(log.data).toString(),
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
