import { sha256 } from '@noble/hashes/sha2'
import { createKeyPairSignerFromPrivateKeyBytes, type KeyPairSigner } from '@solana/kit'

/**
 * The key requestAirdrop pays from. An airdrop is then an ordinary signed System transfer, so it has a
 * transaction like any other (getTransaction, getSignaturesForAddress and the chain API's history see it).
 */
export const FAUCET_LAMPORTS = 5_000_000n * 1_000_000_000n

let faucet: Promise<KeyPairSigner> | undefined

export function faucetSigner(): Promise<KeyPairSigner> {
  faucet ??= createKeyPairSignerFromPrivateKeyBytes(
    sha256(new TextEncoder().encode('portico solana devnet faucet')),
  )
  return faucet
}
