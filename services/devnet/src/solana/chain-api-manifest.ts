import type { SolanaDevnet } from './start-solana-devnet.js'
import { SOLANA_USDC } from './usdc.js'

/**
 * The USD price the chain API shows for SOL on the local clusters. No Solana pool runs locally to read a
 * price from (EVM tokens are priced from the devnet's Uniswap pools), so the devnet states one.
 */
export const SOLANA_DEV_SOL_USD_PRICE = 150

/** The local clusters as the chain API's manifest lists Solana clusters: RPC URL, SOL and USDC, priced. */
export function solanaChainApiManifest(devnet: Pick<SolanaDevnet, 'clusters'>) {
  const names = { 'mainnet-beta': 'Solana', devnet: 'Solana Devnet', testnet: 'Solana Testnet' } as const
  return devnet.clusters.map((cluster) => ({
    genesisHash: cluster.genesisHash,
    name: names[cluster.name],
    rpcUrl: cluster.rpcUrl,
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9, usdPrice: SOLANA_DEV_SOL_USD_PRICE },
    tokens: [
      {
        mint: SOLANA_USDC.mint,
        name: SOLANA_USDC.name,
        symbol: SOLANA_USDC.symbol,
        decimals: SOLANA_USDC.decimals,
        usdPrice: 1,
      },
    ],
  }))
}
