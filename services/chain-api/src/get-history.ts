import { type Kysely, sql } from 'kysely'
import { formatUnits, getAddress } from 'viem'
import type { ChainApiDatabase } from './chain-api-database.js'
import {
  type ClassifiedTransaction,
  classifyTransaction,
  type StoredMovement,
  type TransactionApproval,
  type TransactionLeg,
} from './classify-transaction.js'
import { encodeHistoryCursor, type HistoryPosition } from './history-cursor.js'
import type {
  HistoryApproval,
  HistoryResponse,
  HistoryTransaction,
  HistoryTransfer,
} from './history-response.js'
import type { KnownTokens } from './known-tokens.js'
import { tokenIconUrl } from './token-icons.js'

export const HISTORY_PAGE_SIZE = 50

// Tokens outside the known list: a neutral label, no icon (clients show a placeholder), 18 decimals assumed,
// flagged as spam.
const UNKNOWN_TOKEN = { name: 'Unknown token', symbol: '???', decimals: 18 }

// Wallets approve "unlimited" as the maximum uint256; anything from 2^255 up is read the same way.
const UNLIMITED_ALLOWANCE = 2n ** 255n

/** The newest registered name of each address (as stored), for the counterparties of a page. */
async function namesOf(db: Kysely<ChainApiDatabase>, addresses: readonly string[]) {
  const unique = [...new Set(addresses)]
  if (unique.length === 0) return new Map<string, string>()
  const rows = await db
    .selectFrom('names')
    .select(['name', 'address'])
    .where('address', 'in', unique)
    .orderBy('created_at', 'asc')
    .execute()
  // Ascending, so the newest name of an address is written last and wins.
  return new Map(rows.map((row) => [row.address, row.name]))
}

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

  const [transactions, movements, purchases] = await Promise.all([
    db
      .selectFrom('chain_transactions')
      .select(['hash', 'block_number', 'tx_index', 'mined_at', 'sender', 'recipient', 'nonce', 'status'])
      .where('chain_id', '=', chainId)
      .where('hash', 'in', hashes)
      .execute(),
    db
      .selectFrom('token_transfers')
      .select(['hash', 'log_index', 'token', 'sender', 'recipient', 'amount', 'kind', 'usd_price'])
      .where('chain_id', '=', chainId)
      .where('hash', 'in', hashes)
      .where((eb) => eb.or([eb('sender', '=', address), eb('recipient', '=', address)]))
      .orderBy('log_index')
      .execute(),
    // Deliveries of the account's on-ramp purchases show as purchases.
    db
      .selectFrom('onramp_purchases')
      .select(['tx_hash', 'provider'])
      .where('address', '=', address)
      .where('chain_id', '=', chainId)
      .where('tx_hash', 'in', hashes)
      .execute(),
  ])
  const providerByHash = new Map(purchases.map((row) => [row.tx_hash, row.provider]))
  const transactionByHash = new Map(transactions.map((row) => [row.hash, row]))
  const pageRows = hashes.flatMap((hash) => transactionByHash.get(hash) ?? [])
  const movementsByHash = new Map<string, StoredMovement[]>()
  // The price each token had when the transaction's block was indexed (one block, so one price per token).
  const recordedPrices = new Map<string, number>()
  const priceKey = (hash: string, token: string | null) => `${hash}:${token ?? ''}`
  for (const row of movements) {
    const list = movementsByHash.get(row.hash) ?? []
    list.push({ ...row, amount: BigInt(row.amount) })
    movementsByHash.set(row.hash, list)
    if (row.usd_price !== null) recordedPrices.set(priceKey(row.hash, row.token), row.usd_price)
  }
  const classified = new Map(
    pageRows.map((row) => [
      row.hash,
      classifyTransaction({
        account: address,
        recipient: row.recipient,
        movements: movementsByHash.get(row.hash) ?? [],
        purchase: providerByHash.has(row.hash),
      }),
    ]),
  )
  const names = await namesOf(
    db,
    [...classified.values()].flatMap((entry) => entry.counterparty ?? []),
  )

  // `recorded`: the price at the transfer's block; transfers indexed without one read today's price.
  const tokenOf = (token: string | null, recorded?: number) => {
    const known = tokens.find(chainId, token)
    const info = known ?? UNKNOWN_TOKEN
    return {
      known: known !== undefined,
      decimals: info.decimals,
      price: known ? (recorded ?? prices.get(info.symbol) ?? 0) : 0,
      fungible_info: {
        name: info.name,
        symbol: info.symbol,
        icon: { url: known ? tokenIconUrl(explorerUrl, info.symbol) : '' },
      },
    }
  }
  const transferOf = (hash: string, leg: TransactionLeg): HistoryTransfer => {
    const token = tokenOf(leg.token, recordedPrices.get(priceKey(hash, leg.token)))
    const numeric = formatUnits(leg.amount, token.decimals)
    const other = view.formatAddress(leg.counterparty)
    const own = view.formatAddress(address)
    return {
      fungible_info: token.fungible_info,
      direction: leg.direction,
      quantity: { numeric },
      sender: leg.direction === 'in' ? other : own,
      recipient: leg.direction === 'out' ? other : own,
      value: Number(numeric) * token.price,
      price: token.price,
      ...(token.known ? {} : { nft_info: { flags: { is_spam: true } } }),
    }
  }
  const approvalOf = (approval: TransactionApproval): HistoryApproval => {
    const token = tokenOf(approval.token)
    return {
      fungible_info: token.fungible_info,
      quantity: { numeric: formatUnits(approval.amount, token.decimals) },
      unlimited: approval.amount >= UNLIMITED_ALLOWANCE,
      spender: view.formatAddress(approval.spender),
    }
  }

  const data = pageRows.map((row): HistoryTransaction => {
    const { operationType, legs, approvals, counterparty } = classified.get(row.hash) as ClassifiedTransaction
    const caipChain = view.caipNetworkId
    const counterpartyName = counterparty ? names.get(counterparty) : undefined
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
        ...(counterparty
          ? {
              counterparty: {
                address: view.formatAddress(counterparty),
                ...(counterpartyName ? { name: counterpartyName } : {}),
              },
            }
          : {}),
      },
      transfers: legs.map((leg) => transferOf(row.hash, leg)),
      ...(approvals.length > 0 ? { approvals: approvals.map(approvalOf) } : {}),
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
