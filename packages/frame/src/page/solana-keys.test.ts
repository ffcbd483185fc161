import { ed25519 } from '@noble/curves/ed25519'
import {
  createKeyPairSignerFromPrivateKeyBytes,
  getBase58Encoder,
  getPublicKeyFromAddress,
  type SignatureBytes,
  verifySignature,
} from '@solana/kit'
import { bytesToHex, hexToBytes } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { deriveSolanaKey, slip10Ed25519 } from './solana-keys.js'

// SLIP-0010, "Test vector 1 for ed25519": seed, path, private key and public key (0x00-prefixed there).
const VECTOR_SEED = hexToBytes('0x000102030405060708090a0b0c0d0e0f')
const HARD = 2 ** 31
const VECTORS = [
  {
    path: [],
    key: '2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7',
    publicKey: 'a4b2856bfec510abab89753fac1ac0e1112364e7d250545963f135f2a33188ed',
  },
  {
    path: [0],
    key: '68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3',
    publicKey: '8c8a13df77a28f3445213a0f432fde644acaa215fc72dcdf300d5efaa85d350c',
  },
  {
    path: [0, 1],
    key: 'b1d0bad404bf35da785a64ca1ac54b2617211d2777696fbffaf208f746ae84f2',
    publicKey: '1932a5270f335bed617d5b935c80aedb1a35bd9fc1e31acafd5372c30f5c1187',
  },
  {
    path: [0, 1, 2, 2, 1_000_000_000],
    key: '8f94d394a8e8fd6b1bc2f3f49f5c47e385281d5c17e65324b0f62483e37e8793',
    publicKey: '3c24da049451555d51a7014a37337aa4e12d41e485abccfa46b47dfb2af54b7a',
  },
]

describe('Solana key derivation (SLIP-0010 ed25519)', () => {
  it('reproduces the published test vector', () => {
    for (const { path, key, publicKey } of VECTORS) {
      const derived = slip10Ed25519(VECTOR_SEED, path)
      expect(bytesToHex(derived).slice(2)).toBe(key)
      expect(bytesToHex(ed25519.getPublicKey(derived)).slice(2)).toBe(publicKey)
    }
  })

  it('takes hardened indices only, given without the 2^31 offset', () => {
    expect(() => slip10Ed25519(VECTOR_SEED, [HARD])).toThrow(RangeError)
    expect(() => slip10Ed25519(VECTOR_SEED, [-1])).toThrow(RangeError)
    expect(() => slip10Ed25519(VECTOR_SEED, [1.5])).toThrow(RangeError)
  })

  it("derives the same account from the same wallet secret, another from another, at m/44'/501'/0'/0'", () => {
    const secret = hexToBytes(generatePrivateKey())
    const first = deriveSolanaKey(secret)
    const again = deriveSolanaKey(new Uint8Array(secret))
    expect(again.address).toBe(first.address)
    expect(first.address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    expect(new Uint8Array(getBase58Encoder().encode(first.address))).toEqual(first.publicKey)
    expect(deriveSolanaKey(hexToBytes(generatePrivateKey())).address).not.toBe(first.address)
    expect(first.publicKey).toEqual(ed25519.getPublicKey(slip10Ed25519(secret, [44, 501, 0, 0])))
  })

  it('signs what @solana/kit (WebCrypto) verifies, and kit derives the same address from the key', async () => {
    const secret = hexToBytes(generatePrivateKey())
    const key = deriveSolanaKey(secret)
    const message = new TextEncoder().encode('Hello from the Portico demo')
    const signature = key.sign(message)
    const publicKey = await getPublicKeyFromAddress(key.address as never)
    expect(await verifySignature(publicKey, signature as SignatureBytes, message)).toBe(true)
    expect(await verifySignature(publicKey, signature as SignatureBytes, message.slice(1))).toBe(false)
    const kitSigner = await createKeyPairSignerFromPrivateKeyBytes(slip10Ed25519(secret, [44, 501, 0, 0]))
    expect(kitSigner.address).toBe(key.address)
  })
})
