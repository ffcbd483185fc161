import { ed25519 } from '@noble/curves/ed25519'
import { hmac } from '@noble/hashes/hmac'
import { sha512 } from '@noble/hashes/sha2'
import { getBase58Decoder } from '@solana/kit'

/** The path Solana wallets derive their first account on (BIP-44 coin type 501, hardened throughout). */
export const SOLANA_DERIVATION_PATH = [44, 501, 0, 0] as const

/** The embedded wallet's Solana account. The private key stays inside `sign`, in the frame. */
export interface SolanaKey {
  /** Base58 public key: the account's address. */
  readonly address: string
  readonly publicKey: Uint8Array
  /** Ed25519 signature of `bytes` (a message, or a transaction's message bytes). */
  sign(bytes: Uint8Array): Uint8Array
}

const SLIP10_ED25519_KEY = new TextEncoder().encode('ed25519 seed')

/**
 * SLIP-0010 for ed25519: the master key is HMAC-SHA512("ed25519 seed", seed); each step (hardened only, the
 * curve allows no other) is HMAC-SHA512(chain code, 0x00 ‖ key ‖ index + 2^31). Returns the 32-byte key.
 */
export function slip10Ed25519(seed: Uint8Array, path: readonly number[]): Uint8Array {
  let digest = hmac(sha512, SLIP10_ED25519_KEY, seed)
  for (const index of path) {
    if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) {
      throw new RangeError(`Invalid SLIP-0010 index ${index}`)
    }
    const data = new Uint8Array(37)
    data.set(digest.subarray(0, 32), 1)
    new DataView(data.buffer).setUint32(33, (index | 0x80000000) >>> 0)
    digest = hmac(sha512, digest.subarray(32), data)
  }
  return digest.slice(0, 32)
}

/**
 * The Solana key of an embedded wallet, derived from the same secret as its EVM key (the 32 bytes the
 * key shares rebuild) at m/44'/501'/0'/0'. Nothing new is stored: whoever can rebuild the EVM key, and
 * only they, get the same Solana account on every device.
 */
export function deriveSolanaKey(walletSecret: Uint8Array): SolanaKey {
  const privateKey = slip10Ed25519(walletSecret, SOLANA_DERIVATION_PATH)
  const publicKey = ed25519.getPublicKey(privateKey)
  return {
    address: getBase58Decoder().decode(publicKey),
    publicKey,
    sign: (bytes) => ed25519.sign(bytes, privateKey),
  }
}
