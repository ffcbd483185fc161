/**
 * The three Solana clusters by their wallet-standard chain (`solana:mainnet`…) and CAIP-2 id (`solana:` and
 * the first 32 characters of the genesis hash). Wallets name clusters the first way, the modal and the
 * chain API the second.
 */
export const SOLANA_CHAINS = [
  {
    walletStandardChain: 'solana:mainnet',
    caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    name: 'Solana',
  },
  {
    walletStandardChain: 'solana:devnet',
    caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    name: 'Solana Devnet',
  },
  {
    walletStandardChain: 'solana:testnet',
    caipNetworkId: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
    name: 'Solana Testnet',
  },
] as const

/** A Solana cluster's CAIP-2 id, e.g. `solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1` (devnet). */
export type SolanaCaipNetworkId = (typeof SOLANA_CHAINS)[number]['caipNetworkId']
/** A Solana cluster as wallets name it: `solana:mainnet`, `solana:devnet` or `solana:testnet`. */
export type SolanaWalletStandardChain = (typeof SOLANA_CHAINS)[number]['walletStandardChain']

/** The wallet-standard chain of a cluster's CAIP-2 id; undefined for an unknown one. */
export function walletStandardChainOf(caipNetworkId: string): SolanaWalletStandardChain | undefined {
  return SOLANA_CHAINS.find((chain) => chain.caipNetworkId === caipNetworkId)?.walletStandardChain
}

/** The CAIP-2 id of a wallet-standard chain (`solana:devnet`); undefined for an unknown one. */
export function caipNetworkIdOf(walletStandardChain: string): SolanaCaipNetworkId | undefined {
  return SOLANA_CHAINS.find((chain) => chain.walletStandardChain === walletStandardChain)?.caipNetworkId
}

/** A Solana address: 32 to 44 base58 characters (spec §5); the byte length is checked where it is decoded. */
export const isSolanaAddress = (address: string) => /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)
