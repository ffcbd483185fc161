import { privateKeyToAddress } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { combineShares, createWalletShares } from './wallet-keys.js'

describe('wallet keys', () => {
  it('rebuilds the same key from any two of the three shares', async () => {
    const shares = await createWalletShares()
    expect(privateKeyToAddress(shares.privateKey)).toBe(shares.address)
    const { deviceShare, authShare, recoveryShare, address } = shares
    for (const share of [deviceShare, authShare, recoveryShare]) expect(share).toMatch(/^[0-9a-f]{66}$/)
    for (const [a, b] of [
      [deviceShare, authShare],
      [authShare, recoveryShare],
      [recoveryShare, deviceShare],
    ] as const) {
      expect(await combineShares(a, b, address)).toBe(shares.privateKey)
    }
  })

  it('rejects a single share, a foreign share or the wrong address', async () => {
    const one = await createWalletShares()
    const other = await createWalletShares()
    await expect(combineShares(one.deviceShare, one.deviceShare, one.address)).rejects.toThrow()
    await expect(combineShares(one.deviceShare, other.authShare, one.address)).rejects.toThrow()
    await expect(combineShares(one.deviceShare, one.authShare, other.address)).rejects.toThrow(
      'Wallet key does not match the stored address',
    )
  })
})
