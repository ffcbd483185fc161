import type { Wallet } from '@wallet-standard/base'
import { watchRegisteredWallets } from './wallet-standard-registry.js'

/** A wallet-standard wallet that can hold Solana accounts, as the modal lists it. */
export interface SolanaWalletEntry {
  /** Stable per wallet name: `solana:<name>`. */
  id: string
  /** The wallet's name, e.g. `Phantom`. */
  name: string
  /** The wallet's own icon (a data: URI, per the standard). */
  icon: string
  /** The wallet-standard chains it declares (`solana:mainnet`, …; `eip155:*` too for a multi-chain wallet). */
  chains: readonly string[]
  /** The wallet-standard wallet itself. */
  wallet: Wallet
}

const REQUIRED_FEATURES = ['standard:connect', 'solana:signMessage'] as const

/** Whether a registered wallet can connect and sign on Solana. */
export function isSolanaWallet(wallet: Wallet): boolean {
  return (
    wallet.chains.some((chain) => chain.startsWith('solana:')) &&
    REQUIRED_FEATURES.every((feature) => feature in wallet.features) &&
    ('solana:signAndSendTransaction' in wallet.features || 'solana:signTransaction' in wallet.features)
  )
}

/**
 * Lists the page's Solana wallets as they register (before or after this call: the standard's two-event
 * handshake covers both orders) and reports every change. A wallet is listed once, however often it
 * registers. Returns the unsubscribe function.
 */
export function watchSolanaWallets(onChange: (wallets: readonly SolanaWalletEntry[]) => void): () => void {
  return watchRegisteredWallets((wallets) => {
    const seen = new Set<string>()
    const entries: SolanaWalletEntry[] = []
    for (const wallet of wallets) {
      if (!isSolanaWallet(wallet) || seen.has(wallet.name)) continue
      seen.add(wallet.name)
      entries.push({
        id: `solana:${wallet.name}`,
        name: wallet.name,
        icon: wallet.icon,
        chains: wallet.chains,
        wallet,
      })
    }
    onChange(entries)
  })
}
