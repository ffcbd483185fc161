import { hmac } from '@noble/hashes/hmac'
import { sha512 } from '@noble/hashes/sha2'
import { mnemonicToSeedSync } from '@scure/bip39'
import { type Address, createKeyPairSignerFromPrivateKeyBytes, type KeyPairSigner } from '@solana/kit'
import { DEV_MNEMONIC } from '../dev-accounts.js'

/**
 * Solana dev keys: the EVM devnet's test mnemonic on the path Solana wallets use (`m/44'/501'/<index>'/0'`,
 * SLIP-10 ed25519), so a wallet importing that mnemonic shows the same accounts, and one test wallet holds
 * both an EVM and a Solana account per index. Every local cluster funds them (SOL and USDC).
 */
export const SOLANA_DEV_KEY_COUNT = 10
export const SOLANA_DEV_KEY_BALANCE_SOL = 1_000
/** USDC (6 decimals) each dev key holds at the first start of a cluster. */
export const SOLANA_DEV_KEY_BALANCE_USDC = 1_000_000

/**
 * Addresses of `m/44'/501'/0..9'/0'`. Written out rather than derived at import, because the mnemonic's
 * PBKDF2 costs ~100 ms in every importer; dev-keys.test.ts derives them and checks this list.
 */
export const SOLANA_DEV_ADDRESSES = [
  'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96',
  'AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD',
  'CqMbRgMuEhQi9BUS8xP44Wk5nENm48FqJnfjEi4eNb1k',
  '9Tj3srBSxH7RFRCm8uharreY7ZBS49XSfpwCeYa7Xaqp',
  '6gYw7q94fJdEwL8WkT1a6LHBdTMbix1aciALwEWPx3Wp',
  '7EeV8eiRuGoR8bFHCjdCRGQd1RM5sR2dAkdiTEtC9ko7',
  'F9fVg2LeE2RhM6CfNn888hbjqovZDEWY3vm2hEkvX3Nh',
  '26roUwgM5T6bccX41hakjiW4fDiKFSao1RyoFsAxr6e6',
  '5mCGtMUD21HEvWJxKGKS6HEAH7ezzy12MWGs4bPgcJwV',
  '2yaW8VAMLhQiornz1BgcSWDUSH2jC2dmB8RWnTJi8Yab',
] as readonly string[] as readonly Address[]

/** Index of the key that is the USDC mint authority (the EVM devnet's deployer index). */
export const SOLANA_MINT_AUTHORITY_INDEX = 9

let cachedSeed: Uint8Array | undefined

/** The 32-byte ed25519 private key (seed) of dev key `index`: what `Keypair.fromSeed` (web3.js) takes. */
export function solanaDevKeySeed(index: number): Uint8Array {
  if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) {
    throw new RangeError(`Solana dev key index must be an integer in 0..2^31-1, got ${index}`)
  }
  cachedSeed ??= mnemonicToSeedSync(DEV_MNEMONIC)
  return slip10Ed25519(cachedSeed, [44, 501, index, 0])
}

/** A kit signer for dev key `index` (any index; 0..9 are the funded ones). */
export function solanaDevSigner(index: number): Promise<KeyPairSigner> {
  return createKeyPairSignerFromPrivateKeyBytes(solanaDevKeySeed(index))
}

const encoder = new TextEncoder()

/** SLIP-10 for ed25519: hardened steps only, each an HMAC-SHA512 over 0x00 ‖ key ‖ index + 2^31. */
function slip10Ed25519(seed: Uint8Array, path: readonly number[]): Uint8Array {
  let digest = hmac(sha512, encoder.encode('ed25519 seed'), seed)
  for (const step of path) {
    const data = new Uint8Array(37)
    data.set(digest.subarray(0, 32), 1)
    new DataView(data.buffer).setUint32(33, (step | 0x80000000) >>> 0)
    digest = hmac(sha512, digest.subarray(32), data)
  }
  return digest.slice(0, 32)
}
