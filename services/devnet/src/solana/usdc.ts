import type { Address } from '@solana/kit'

/**
 * The SPL USDC every local cluster seeds: at the real mainnet USDC mint address (on all three clusters, as
 * the EVM devnet puts its tokens at the same address on every chain), 6 decimals, classic Token program.
 * Each dev key holds SOLANA_DEV_KEY_BALANCE_USDC in its associated token account.
 */
export const SOLANA_USDC = {
  symbol: 'USDC',
  name: 'USD Coin',
  decimals: 6,
  mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' as Address,
  tokenProgram: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address,
} as const

export type SolanaDevToken = typeof SOLANA_USDC
