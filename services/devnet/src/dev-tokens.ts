import { type Address, getContractAddress } from 'viem'
import { DEPLOYER_ADDRESS } from './dev-accounts.js'

export type DevnetToken = {
  address: Address
  symbol: string
  name: string
  decimals: number
}

export type DevTokenSpec = DevnetToken & {
  /** Deployer nonce that creates the token; fixes its address on every chain and every start. */
  deployNonce: number
  /** Base units minted to each dev account at deployment. */
  amountPerAccount: bigint
}

function tokenAt(deployNonce: number, symbol: string, name: string, decimals: number, whole: bigint) {
  const address = getContractAddress({ from: DEPLOYER_ADDRESS, nonce: BigInt(deployNonce) })
  return { address, symbol, name, decimals, deployNonce, amountPerAccount: whole * 10n ** BigInt(decimals) }
}

/** The ERC-20s seeded on every devnet chain, in deployment order. */
export const DEV_TOKEN_SPECS: readonly DevTokenSpec[] = [
  tokenAt(0, 'USDC', 'USD Coin', 6, 1_000_000n),
  tokenAt(1, 'WBTC', 'Wrapped Bitcoin', 8, 10n),
  tokenAt(2, 'DAI', 'Dai Stablecoin', 18, 1_000_000n),
  tokenAt(3, 'UNI', 'Uniswap', 18, 10_000n),
]

/** Seeded token metadata (same addresses on every chain), for the chain API, the demo and tests. */
export const DEV_TOKENS: readonly DevnetToken[] = DEV_TOKEN_SPECS.map(
  ({ address, symbol, name, decimals }) => ({
    address,
    symbol,
    name,
    decimals,
  }),
)

export type DevTokenSymbol = 'USDC' | 'WBTC' | 'DAI' | 'UNI'

export function devToken(symbol: DevTokenSymbol): DevnetToken {
  const token = DEV_TOKENS.find((t) => t.symbol === symbol)
  if (!token) throw new Error(`unknown dev token ${symbol}`)
  return token
}
