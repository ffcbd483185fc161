import { type Address, formatUnits, parseAbi, zeroAddress } from 'viem'
import type { ChainClients } from './chain-clients.js'
import type { KnownToken, KnownTokens } from './known-tokens.js'

const factoryAbi = parseAbi(['function getPair(address tokenA, address tokenB) view returns (address pair)'])
const pairAbi = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
])

export interface PriceBookOptions {
  clients: ChainClients
  known: KnownTokens
  /** How long one chain's pool reads are reused (default 2000 ms): how soon a swap shows in prices. */
  ttlMs?: number
}

/** A pool's reserves seen from `base`: how much of `base` and of `quote` it holds, as whole tokens. */
type Depth = { base: number; quote: number }

/**
 * USD prices read from each chain's Uniswap V2 pools against its stablecoin (worth 1): a token's price is
 * the spot price of its stablecoin pool, or of its WETH pool times WETH's; the native currency is priced
 * as WETH. A chain without Uniswap V2 in its manifest, or a token without a pool, has no price (0 where
 * shown). Every swap moves the prices it touches; reads of a chain are shared for `ttlMs`.
 */
export function createPriceBook(options: PriceBookOptions) {
  const { clients, known } = options
  const ttlMs = options.ttlMs ?? 2_000
  const cached = new Map<number, { at: number; prices: Promise<Map<string, number>> }>()
  // A pair, once created, never moves: its address is looked up once.
  const pairs = new Map<string, Address>()

  // At a past block a pair known today may not exist yet, so those reads ask the factory as of that block.
  const pairOf = async (chainId: number, factory: Address, a: Address, b: Address, blockNumber?: bigint) => {
    const key = `${chainId}:${[a, b].sort().join(':')}`
    const known = blockNumber === undefined ? pairs.get(key) : undefined
    if (known) return known
    const pair = await clients
      .client(chainId)
      .readContract({ address: factory, abi: factoryAbi, functionName: 'getPair', args: [a, b], blockNumber })
    if (pair !== zeroAddress && blockNumber === undefined) pairs.set(key, pair)
    return pair
  }

  /** The pool of `base` and `quote` as whole tokens, or undefined when there is none or it is empty. */
  const depth = async (
    chainId: number,
    factory: Address,
    base: { address: Address; decimals: number },
    quote: { address: Address; decimals: number },
    blockNumber?: bigint,
  ): Promise<Depth | undefined> => {
    const pair = await pairOf(chainId, factory, base.address, quote.address, blockNumber)
    if (pair === zeroAddress) return undefined
    const [reserve0, reserve1] = await clients
      .client(chainId)
      .readContract({ address: pair, abi: pairAbi, functionName: 'getReserves', blockNumber })
    if (reserve0 === 0n || reserve1 === 0n) return undefined
    const baseIsToken0 = base.address.toLowerCase() < quote.address.toLowerCase()
    const [baseReserve, quoteReserve] = baseIsToken0 ? [reserve0, reserve1] : [reserve1, reserve0]
    return {
      base: Number(formatUnits(baseReserve, base.decimals)),
      quote: Number(formatUnits(quoteReserve, quote.decimals)),
    }
  }

  const readChain = async (chainId: number, blockNumber?: bigint): Promise<Map<string, number>> => {
    const swap = clients.chains.find((chain) => chain.chainId === chainId)?.uniswapV2
    const prices = new Map<string, number>()
    if (!swap) return prices
    const stable = known.find(chainId, swap.stablecoin)
    if (!stable) return prices
    const stableSide = { address: swap.stablecoin, decimals: stable.decimals }
    const native = known.native(chainId)
    const wethSide = { address: swap.weth, decimals: native.decimals }
    const others = known.erc20s(chainId).filter((token) => token !== stable)
    const sideOf = (token: KnownToken) => ({ address: token.address as Address, decimals: token.decimals })
    // Issued together, so viem sends the reads of a round as one JSON-RPC batch.
    const [wethInStable, ...direct] = await Promise.all([
      depth(chainId, swap.factory, wethSide, stableSide, blockNumber),
      ...others.map((token) => depth(chainId, swap.factory, sideOf(token), stableSide, blockNumber)),
    ])
    const wethPrice = wethInStable ? wethInStable.quote / wethInStable.base : undefined
    const viaWeth = await Promise.all(
      others.map((token, index) =>
        direct[index] || wethPrice === undefined
          ? undefined
          : depth(chainId, swap.factory, sideOf(token), wethSide, blockNumber),
      ),
    )
    prices.set(stable.symbol, 1)
    if (wethPrice !== undefined) prices.set(native.symbol, wethPrice)
    others.forEach((token, index) => {
      const pool = direct[index]
      const throughWeth = viaWeth[index]
      if (pool) prices.set(token.symbol, pool.quote / pool.base)
      else if (throughWeth && wethPrice !== undefined)
        prices.set(token.symbol, (throughWeth.quote / throughWeth.base) * wethPrice)
    })
    return prices
  }

  const chainPrices = (chainId: number): Promise<Map<string, number>> => {
    const now = Date.now()
    const entry = cached.get(chainId)
    if (entry && now - entry.at <= ttlMs) return entry.prices
    const prices = readChain(chainId)
    cached.set(chainId, { at: now, prices })
    prices.catch(() => {
      if (cached.get(chainId)?.prices === prices) cached.delete(chainId)
    })
    return prices
  }

  return {
    /**
     * USD price per symbol on one chain; without a chain, over every served chain (the first chain
     * pricing a symbol gives its price), for callers that know a symbol only.
     */
    async prices(chainId?: number): Promise<Map<string, number>> {
      if (chainId !== undefined) return chainPrices(chainId)
      const all = await Promise.all(clients.chainIds.map(chainPrices))
      const merged = new Map<string, number>()
      for (const prices of all) {
        for (const [symbol, price] of prices) if (!merged.has(symbol)) merged.set(symbol, price)
      }
      return merged
    },
    /**
     * USD price per symbol on one chain as the pools stood after block `blockNumber` (uncached); throws
     * when the node no longer holds that block's state.
     */
    pricesAt(chainId: number, blockNumber: number): Promise<Map<string, number>> {
      return readChain(chainId, BigInt(blockNumber))
    },
    /** USD price of a symbol (on one chain, or the first pricing it); 0 when no pool prices it. */
    async price(symbol: string, chainId?: number): Promise<number> {
      return (await this.prices(chainId)).get(symbol.toUpperCase()) ?? 0
    },
  }
}

export type PriceBook = ReturnType<typeof createPriceBook>
