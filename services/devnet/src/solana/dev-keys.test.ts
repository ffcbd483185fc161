import { Keypair } from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { SOLANA_DEV_ADDRESSES, SOLANA_DEV_KEY_COUNT, solanaDevKeySeed, solanaDevSigner } from './dev-keys.js'

describe('Solana dev keys', () => {
  it("lists the addresses of m/44'/501'/i'/0' of the test mnemonic", async () => {
    expect(SOLANA_DEV_ADDRESSES).toHaveLength(SOLANA_DEV_KEY_COUNT)
    for (let index = 0; index < SOLANA_DEV_KEY_COUNT; index++) {
      expect((await solanaDevSigner(index)).address).toBe(SOLANA_DEV_ADDRESSES[index])
    }
    // The well-known first account of that mnemonic in Solana wallets.
    expect(SOLANA_DEV_ADDRESSES[0]).toBe('oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96')
  })

  it('gives web3.js the same key from the seed', () => {
    expect(Keypair.fromSeed(solanaDevKeySeed(3)).publicKey.toBase58()).toBe(SOLANA_DEV_ADDRESSES[3])
  })

  it('refuses an index that is not a non-negative integer', () => {
    expect(() => solanaDevKeySeed(-1)).toThrow(RangeError)
    expect(() => solanaDevKeySeed(1.5)).toThrow(RangeError)
  })
})
