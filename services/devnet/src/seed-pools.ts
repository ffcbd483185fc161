import { type Address, erc20Abi, maxUint256, parseAbi, zeroAddress } from 'viem'
import { type DeployerClients, waitForReceipt } from './deploy-fixed-contracts.js'
import { DEPLOYER_ADDRESS } from './dev-accounts.js'
import { type DevTokenSymbol, devToken } from './dev-tokens.js'
import { devnetChainProfile } from './devnet-chains.js'
import { DevnetError } from './devnet-error.js'
import { SWAP_CONTRACTS } from './swap-contracts.js'

/**
 * USD prices the devnet's pools open at (micro-dollars, so amounts stay exact integers). Swaps move them
 * from there; the chain API reads prices from the pools, never from this table.
 */
const OPENING_PRICES_MICRO_USD: Readonly<Record<string, bigint>> = {
  ETH: 3_000_000_000n,
  POL: 500_000n,
  BNB: 600_000_000n,
  XDAI: 1_000_000n,
  AVAX: 30_000_000n,
  USDC: 1_000_000n,
  WBTC: 60_000_000_000n,
  DAI: 1_000_000n,
  UNI: 8_000_000n,
}

/** A pool side: a dev token, or the chain's native currency (wrapped as WETH9 inside the pool). */
type PoolSide = DevTokenSymbol | 'native'

/**
 * Each pool with the USD value of one side. At 5 million a side, 1,000 USD moves a pool's price by about
 * 0.04 %; every token has a pool against the stablecoin, and the native currency one against WBTC too, so
 * routes through WETH exist.
 */
const POOLS: readonly { a: PoolSide; b: PoolSide; usdPerSide: bigint }[] = [
  { a: 'native', b: 'USDC', usdPerSide: 5_000_000n },
  { a: 'WBTC', b: 'USDC', usdPerSide: 5_000_000n },
  { a: 'DAI', b: 'USDC', usdPerSide: 5_000_000n },
  { a: 'UNI', b: 'USDC', usdPerSide: 2_000_000n },
  { a: 'native', b: 'WBTC', usdPerSide: 2_000_000n },
]

const factoryAbi = parseAbi(['function getPair(address tokenA, address tokenB) view returns (address pair)'])
const pairAbi = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
])
const devTokenMintAbi = parseAbi(['function mint(address to, uint256 amount)'])
const routerAbi = parseAbi([
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256 amountToken, uint256 amountETH, uint256 liquidity)',
])

export type SeedPoolsResult = { seeded: string[]; present: string[] }

/**
 * Adds the opening liquidity (from the deployer, through Router02) to every pool that has none, so a
 * restored chain keeps its pools as swaps left them. The deployer mints the tokens it needs and is given
 * the native currency it adds (anvil_setBalance), so dev accounts keep their balances.
 */
export async function seedPools(clients: DeployerClients, chainId: number): Promise<SeedPoolsResult> {
  const { publicClient, walletClient, testClient } = clients
  const nativeSymbol = devnetChainProfile(chainId).nativeCurrency.symbol
  const chain = walletClient.chain
  const addressOf = (side: PoolSide): Address =>
    side === 'native' ? SWAP_CONTRACTS.weth : devToken(side).address
  const labelOf = (side: PoolSide) => (side === 'native' ? nativeSymbol : side)
  const amountOf = (side: PoolSide, usd: bigint): bigint => {
    const symbol = labelOf(side)
    const price = OPENING_PRICES_MICRO_USD[symbol]
    if (price === undefined) throw new DevnetError('DEVNET_SEED_FAILED', `no opening price for ${symbol}`)
    const decimals = side === 'native' ? 18 : devToken(side).decimals
    return (usd * 1_000_000n * 10n ** BigInt(decimals)) / price
  }

  try {
    const pairs = await Promise.all(
      POOLS.map(({ a, b }) =>
        publicClient.readContract({
          address: SWAP_CONTRACTS.factory,
          abi: factoryAbi,
          functionName: 'getPair',
          args: [addressOf(a), addressOf(b)],
        }),
      ),
    )
    const reserves = await Promise.all(
      pairs.map((pair) =>
        pair === zeroAddress
          ? undefined
          : publicClient.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves' }),
      ),
    )
    const result: SeedPoolsResult = { seeded: [], present: [] }
    const missing = POOLS.filter((pool, index) => {
      const filled = (reserves[index]?.[0] ?? 0n) > 0n
      if (filled) result.present.push(`${labelOf(pool.a)}/${labelOf(pool.b)}`)
      return !filled
    })
    if (missing.length === 0) return result

    // What the deployer must hold: each token's total, and the native currency.
    const tokenTotals = new Map<DevTokenSymbol, bigint>()
    let nativeTotal = 0n
    for (const { a, b, usdPerSide } of missing) {
      for (const side of [a, b]) {
        const amount = amountOf(side, usdPerSide)
        if (side === 'native') nativeTotal += amount
        else tokenTotals.set(side, (tokenTotals.get(side) ?? 0n) + amount)
      }
    }
    const hashes: `0x${string}`[] = []
    if (nativeTotal > 0n) {
      const balance = await publicClient.getBalance({ address: DEPLOYER_ADDRESS })
      await testClient.setBalance({ address: DEPLOYER_ADDRESS, value: balance + nativeTotal })
    }
    for (const [symbol, amount] of tokenTotals) {
      const token = devToken(symbol).address
      hashes.push(
        await walletClient.writeContract({
          chain,
          address: token,
          abi: devTokenMintAbi,
          functionName: 'mint',
          args: [DEPLOYER_ADDRESS, amount],
        }),
        await walletClient.writeContract({
          chain,
          address: token,
          abi: erc20Abi,
          functionName: 'approve',
          args: [SWAP_CONTRACTS.router, maxUint256],
        }),
      )
    }
    // Gas for adding liquidity is estimated against the mined state: the approvals must be in first.
    const lastApproval = hashes.at(-1)
    if (lastApproval) await waitForReceipt(publicClient, lastApproval)
    for (const { a, b, usdPerSide } of missing) {
      const amountA = amountOf(a, usdPerSide)
      const amountB = amountOf(b, usdPerSide)
      const token = a === 'native' ? b : a
      hashes.push(
        a === 'native' || b === 'native'
          ? await walletClient.writeContract({
              chain,
              address: SWAP_CONTRACTS.router,
              abi: routerAbi,
              functionName: 'addLiquidityETH',
              args: [
                addressOf(token),
                a === 'native' ? amountB : amountA,
                0n,
                0n,
                DEPLOYER_ADDRESS,
                maxUint256,
              ],
              value: a === 'native' ? amountA : amountB,
            })
          : await walletClient.writeContract({
              chain,
              address: SWAP_CONTRACTS.router,
              abi: routerAbi,
              functionName: 'addLiquidity',
              args: [addressOf(a), addressOf(b), amountA, amountB, 0n, 0n, DEPLOYER_ADDRESS, maxUint256],
            }),
      )
      result.seeded.push(`${labelOf(a)}/${labelOf(b)}`)
    }
    // Anvil mines them in order as they come; their receipts prove none reverted.
    const receipts = await Promise.all(hashes.map((hash) => waitForReceipt(publicClient, hash)))
    const failed = receipts.find((receipt) => receipt.status !== 'success')
    if (failed) throw new Error(`transaction ${failed.transactionHash} reverted`)
    return result
  } catch (error) {
    if (error instanceof DevnetError) throw error
    throw new DevnetError(
      'DEVNET_SEED_FAILED',
      `seeding pools on chain ${chainId} failed: ${String(error)}`,
      undefined,
      {
        cause: error,
      },
    )
  }
}
