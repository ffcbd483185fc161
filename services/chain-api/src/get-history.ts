import { type Kysely, sql } from 'kysely'
import { formatUnits, getAddress } from 'viem'
import type { ChainApiDatabase } from './chain-api-database.js'
import { encodeHistoryCursor, type HistoryPosition } from './history-cursor.js'
import type { HistoryResponse, HistoryTransaction, HistoryTransfer } from './history-response.js'
import type { KnownTokens } from './known-tokens.js'
import { tokenIconUrl } from './token-icons.js'

export const HISTORY_PAGE_SIZE = 50

// Tokens outside the known list: a neutral label, no icon (clients show a placeholder), 18 decimals assumed,
// flagged as spam.
const UNKNOWN_TOKEN = { name: 'Unknown token', symbol: '???', decimals: 18 }

export interface HistoryQuery {
  /** The chain's key in the history tables: its chain id, or a Solana cluster's storage id. */
  chainId: number
  /** Lower-case 0x address, or a Solana address as it is. */
  address: string
  /** Start after this position (exclusive); undefined for the newest page. */
  after?: HistoryPosition | undefined
}

/** How a chain's rows are shown: its CAIP-2 id and its addresses' display form. */
export interface HistoryChainView {
  caipNetworkId: string
  formatAddress(address: string): string
}

const evmHistoryView = (chainId: number): HistoryChainView => ({
  caipNetworkId: `eip155:${chainId}`,
  formatAddress: (address) => getAddress(address),
})

/** One page of an account's transactions on one chain, newest first, from the indexed tables. */
export async function getHistory(
  db: Kysely<ChainApiDatabase>,
  query: HistoryQuery,
  tokens: Pick<KnownTokens, 'find'>,
  prices: ReadonlyMap<string, number>,
  explorerUrl: string,
  view: HistoryChainView = evmHistoryView(query.chainId),
): Promise<HistoryResponse> {
  const { chainId, address, after } = query
  // The page comes from the history index alone, then its rows by primary key: separate lookups keep a
  // good plan even before the embedded database (which never auto-analyzes) has table statistics.
  let page = db
    .selectFrom('account_transactions')
    .select(['hash', 'block_number', 'tx_index'])
    .where('chain_id', '=', chainId)
    .where('address', '=', address)
  if (after) {
    page = page.where(sql<boolean>`(block_number, tx_index) < (${after.blockNumber}, ${after.txIndex})`)
  }
  const positions = await page
    .orderBy('block_number', 'desc')
    .orderBy('tx_index', 'desc')
    .limit(HISTORY_PAGE_SIZE + 1)
    .execute()
  const hasMore = positions.length > HISTORY_PAGE_SIZE
  const hashes = positions.slice(0, HISTORY_PAGE_SIZE).map((row) => row.hash)
  if (hashes.length === 0) return { data: [], next: null }

  const [transactions, transfers, purchases] = await Promise.all([
    db
      .selectFrom('chain_transactions')
      .select(['hash', 'block_number', 'tx_index', 'mined_at', 'sender', 'recipient', 'nonce', 'status'])
      .where('chain_id', '=', chainId)
      .where('hash', 'in', hashes)
      .execute(),
    db
      .selectFrom('token_transfers')
      .select(['hash', 'log_index', 'token', 'sender', 'recipient', 'amount'])
      .where('chain_id', '=', chainId)
      .where('hash', 'in', hashes)
      .where((eb) => eb.or([eb('sender', '=', address), eb('recipient', '=', address)]))
      .orderBy('log_index')
      .execute(),
    // Deliveries of the account's on-ramp purchases show as purchases.
    db
      .selectFrom('onramp_purchases')
      .select('tx_hash')
      .where('address', '=', address)
      .where('chain_id', '=', chainId)
      .where('tx_hash', 'in', hashes)
      .execute(),
  ])
  const purchaseHashes = new Set(purchases.map((row) => row.tx_hash))
  const transactionByHash = new Map(transactions.map((row) => [row.hash, row]))
  const pageRows = hashes.flatMap((hash) => transactionByHash.get(hash) ?? [])
  const transfersByHash = new Map<string, HistoryTransfer[]>()
  for (const transfer of transfers) {
    const known = tokens.find(chainId, transfer.token)
    const token = known ?? UNKNOWN_TOKEN
    const numeric = formatUnits(BigInt(transfer.amount), token.decimals)
    const price = known ? (prices.get(token.symbol) ?? 0) : 0
    const entry: HistoryTransfer = {
      fungible_info: {
        name: token.name,
        symbol: token.symbol,
        icon: { url: known ? tokenIconUrl(explorerUrl, token.symbol) : '' },
      },
      direction: transfer.sender === address ? 'out' : 'in',
      quantity: { numeric },
      value: Number(numeric) * price,
      price,
      ...(known ? {} : { nft_info: { flags: { is_spam: true } } }),
    }
    const list = transfersByHash.get(transfer.hash)
    if (list) list.push(entry)
    else transfersByHash.set(transfer.hash, [entry])
  }

  const data = pageRows.map((row): HistoryTransaction => {
    const rowTransfers = transfersByHash.get(row.hash) ?? []
    // What the account did: any outgoing transfer is a send, only incoming ones a receive, none a call.
    const operationType = purchaseHashes.has(row.hash)
      ? 'buy'
      : rowTransfers.length === 0
        ? 'execute'
        : rowTransfers.some((transfer) => transfer.direction === 'out')
          ? 'send'
          : 'receive'
    const caipChain = view.caipNetworkId
    return {
      id: `${caipChain}:${row.hash}`,
      metadata: {
        operationType,
        hash: row.hash,
        minedAt: new Date(row.mined_at).toISOString(),
        sentFrom: view.formatAddress(row.sender),
        sentTo: row.recipient ? view.formatAddress(row.recipient) : '',
        status: row.status,
        nonce: Number(row.nonce),
        chain: caipChain,
      },
      transfers: rowTransfers,
    }
  })
  const last = positions[HISTORY_PAGE_SIZE - 1]
  return {
    data,
    next:
      hasMore && last
        ? encodeHistoryCursor({ blockNumber: Number(last.block_number), txIndex: last.tx_index })
        : null,
  }
}
