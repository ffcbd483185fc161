import { solanaDevSigner } from '@portico/devnet/solana'
import { registerWallet } from '@wallet-standard/wallet'
import { createSolanaTestWallet, type SolanaTestWalletOptions } from './solana-test-wallet.js'

/**
 * Registers the test wallet's Solana half with the page's wallet-standard registry, holding Solana dev key
 * `accountIndex` (the same index as its EVM account). Deriving the key takes a moment, so the wallet
 * registers shortly after the script runs; the standard's handshake lets apps that started first see it.
 */
export async function registerSolanaTestWallet(
  options: Omit<SolanaTestWalletOptions, 'signer'> & { accountIndex: number },
): Promise<void> {
  const signer = await solanaDevSigner(options.accountIndex)
  registerWallet(createSolanaTestWallet({ ...options, signer }))
}
