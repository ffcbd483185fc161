import { type Kysely, sql } from 'kysely'
import type { ChainApiDatabase } from './chain-api-database.js'

/** USD prices written on first start; an operator changes them with setTokenPrice or the set-price CLI. */
export const SEED_TOKEN_PRICES: Readonly<Record<string, number>> = {
  ETH: 3000,
  POL: 0.5,
  BNB: 600,
  AVAX: 30,
  XDAI: 1,
  USDC: 1,
  WBTC: 60_000,
}

export class InvalidPriceError extends Error {
  readonly code = 'INVALID_PRICE'
}

/** Inserts the seed prices that are missing; prices already set (by an operator) are left alone. */
export async function seedTokenPrices(db: Kysely<ChainApiDatabase>): Promise<void> {
  const rows = Object.entries(SEED_TOKEN_PRICES).map(([symbol, price_usd]) => ({ symbol, price_usd }))
  await db
    .insertInto('token_prices')
    .values(rows)
    .onConflict((conflict) => conflict.column('symbol').doNothing())
    .execute()
}

/** Sets (or adds) the USD price of a symbol on every chain. */
export async function setTokenPrice(db: Kysely<ChainApiDatabase>, symbol: string, priceUsd: number) {
  const upper = symbol.trim().toUpperCase()
  if (!/^[A-Z0-9.]{1,16}$/.test(upper)) throw new InvalidPriceError(`Invalid token symbol "${symbol}"`)
  if (!Number.isFinite(priceUsd) || priceUsd < 0) {
    throw new InvalidPriceError(`Invalid price ${priceUsd}: expected a finite number >= 0`)
  }
  await db
    .insertInto('token_prices')
    .values({ symbol: upper, price_usd: priceUsd })
    .onConflict((conflict) =>
      conflict.column('symbol').doUpdateSet({ price_usd: priceUsd, updated_at: sql`now()` }),
    )
    .execute()
}

export async function readTokenPrices(db: Kysely<ChainApiDatabase>): Promise<Map<string, number>> {
  const rows = await db.selectFrom('token_prices').select(['symbol', 'price_usd']).execute()
  return new Map(rows.map((row) => [row.symbol, Number(row.price_usd)]))
}

/**
 * Prices read through a short cache: the table is tiny but read on every balance and history answer, and a
 * change made by the CLI (another process, maybe another replica) shows up within `ttlMs`.
 */
export function createPriceBook(db: Kysely<ChainApiDatabase>, ttlMs = 2_000) {
  let cached: { at: number; prices: Promise<Map<string, number>> } | undefined
  return {
    async prices(): Promise<Map<string, number>> {
      const now = Date.now()
      if (!cached || now - cached.at > ttlMs) {
        const prices = readTokenPrices(db)
        cached = { at: now, prices }
        prices.catch(() => {
          if (cached?.prices === prices) cached = undefined
        })
      }
      return cached.prices
    },
    /** USD price of a symbol; 0 when nobody set one (the token is then shown without value). */
    async price(symbol: string): Promise<number> {
      return (await this.prices()).get(symbol.toUpperCase()) ?? 0
    },
  }
}

export type PriceBook = ReturnType<typeof createPriceBook>
