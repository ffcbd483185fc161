import type { ColumnType } from 'kysely'

// Postgres returns int8 as a string and PGlite as a bigint: readers convert with Number(...).
type Int8 = ColumnType<string | bigint, number | bigint | string, number | bigint | string>

export interface NamesTable {
  /** Full name, e.g. alice.wcn.id. */
  name: string
  /** Lower-case 0x address. */
  address: string
  avatar: string | null
  created_at: ColumnType<Date, Date | undefined, never>
  updated_at: ColumnType<Date, Date | undefined, Date>
  /** The attributes the registration signed (avatar, bio); `avatar` above repeats the avatar for identity. */
  attributes: ColumnType<NameAttributes, string | undefined, string>
}

export interface NameAttributes {
  avatar?: string
  bio?: string
}

/** ENSIP-11: the address a name points to for one coin type. */
export interface NameAddressesTable {
  /** Full lower-case name. */
  name: string
  coin_type: Int8
  /** Lower-case 0x address. */
  address: string
  created_at: ColumnType<Date, Date | undefined, never>
}

/** Registration messages already accepted (replay protection). */
export interface UsedNameMessagesTable {
  /** keccak256 of the signer's address and the signed message. */
  message_hash: string
  used_at: ColumnType<Date, Date | undefined, never>
}

export interface IndexerProgressTable {
  chain_id: number
  /** Highest block whose transactions are stored; -1 before the first block. */
  last_block: Int8
  updated_at: ColumnType<Date, never, string | Date>
}

/** One row per indexed block: what the chain held when its rows were stored. */
export interface IndexedBlocksTable {
  chain_id: number
  number: Int8
  /** Lower-case 0x block hash. */
  hash: string
}

export interface ChainTransactionsTable {
  chain_id: number
  hash: string
  block_number: Int8
  tx_index: number
  mined_at: ColumnType<Date, Date | string, never>
  sender: string
  /** The callee, or the created contract for a deployment. */
  recipient: string | null
  nonce: Int8
  status: 'confirmed' | 'failed'
}

export interface TokenTransfersTable {
  chain_id: number
  hash: string
  /**
   * Log index of an ERC-20 Transfer or Approval event; -1 for the transaction's own native value; -2 and
   * below for native value moved by internal calls (-2 - the call's position in the block's traces).
   */
  log_index: number
  /** Lower-case token contract; null for the native token. */
  token: string | null
  sender: string
  recipient: string
  /** Base units as a decimal string (uint256 does not fit any SQL integer type). */
  amount: string
  /** `approval`: an ERC-20 Approval, sender the owner, recipient the spender, amount the allowance. */
  kind: ColumnType<TransferKind, TransferKind | undefined, never>
  /**
   * USD price of one token at the transfer: as the chain's pools stood after its block, or, where that
   * cannot be read (a node that no longer holds the block's state, a block from before the pools' factory),
   * as they stood when it was indexed. Null for approvals, tokens outside the known list and Solana.
   */
  usd_price: ColumnType<number | null, number | null | undefined, never>
}

export type TransferKind = 'transfer' | 'approval'

/** One row per (account, transaction) it took part in: the history index. */
export interface AccountTransactionsTable {
  chain_id: number
  address: string
  hash: string
  block_number: Int8
  tx_index: number
}

/** One on-ramp purchase, from its provider URL to its delivery on the chain. */
export interface OnrampPurchasesTable {
  id: string
  provider: string
  /** Lower-case 0x destination address. */
  address: string
  chain_id: number
  symbol: string
  /** Lower-case ERC-20 contract; null for the chain's native currency. */
  token_address: string | null
  /** In the asset's units, as a decimal string (e.g. "0.0162"). */
  purchase_amount: string
  payment_currency: string
  payment_method: string
  payment_total: string
  /** created → in_progress → success | failed (a declined card goes from created to failed). */
  status: 'created' | 'in_progress' | 'success' | 'failed'
  tx_hash: string | null
  failure: string | null
  created_at: ColumnType<Date, never, never>
  updated_at: ColumnType<Date, never, string | Date>
}

export interface ChainApiDatabase {
  names: NamesTable
  name_addresses: NameAddressesTable
  used_name_messages: UsedNameMessagesTable
  indexer_progress: IndexerProgressTable
  indexed_blocks: IndexedBlocksTable
  chain_transactions: ChainTransactionsTable
  token_transfers: TokenTransfersTable
  account_transactions: AccountTransactionsTable
  onramp_purchases: OnrampPurchasesTable
}
