import type { Insertable } from 'kysely'
import type { TokenTransfersTable } from './chain-api-database.js'
import type { KnownTokens } from './known-tokens.js'
import type { PriceBook } from './token-prices.js'

/** Where the indexer reads what a block's transfers were worth. */
export interface TransferPricing {
  priceBook: Pick<PriceBook, 'prices' | 'pricesAt'>
  tokens: Pick<KnownTokens, 'find'>
}

/**
 * The USD prices of one block: the pools as they stood after it, or, when that cannot be read (the node no
 * longer holds the block's state, as after a devnet restart from a snapshot; a block from before the
 * pools' factory), the prices of now; none when neither can be read, so a price source that is down never
 * stops indexing.
 */
async function blockPrices(pricing: TransferPricing, chainId: number, blockNumber: number) {
  try {
    return await pricing.priceBook.pricesAt(chainId, blockNumber)
  } catch {
    return pricing.priceBook.prices(chainId).catch(() => undefined)
  }
}

/**
 * Records on each value transfer of a block (approvals move nothing) the USD price of its token at that
 * block: the fiat value Activity shows is the value at the time of the transfer. Tokens outside the known
 * list keep no price; a known token no pool priced then keeps 0.
 */
export async function priceBlockTransfers(
  pricing: TransferPricing,
  chainId: number,
  blockNumber: number,
  transfers: Insertable<TokenTransfersTable>[],
): Promise<void> {
  const moved = transfers.filter((transfer) => (transfer.kind ?? 'transfer') === 'transfer')
  if (moved.length === 0) return
  const prices = await blockPrices(pricing, chainId, blockNumber)
  if (!prices) return
  for (const transfer of moved) {
    const known = pricing.tokens.find(chainId, transfer.token)
    if (known) transfer.usd_price = prices.get(known.symbol) ?? 0
  }
}
