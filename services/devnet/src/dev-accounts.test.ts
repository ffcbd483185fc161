import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import {
  DEPLOYER_ADDRESS,
  DEV_ACCOUNT_COUNT,
  DEV_ACCOUNTS,
  DEV_MNEMONIC,
  devAccount,
} from './dev-accounts.js'

describe('dev accounts', () => {
  it('lists the addresses derived from the dev mnemonic', () => {
    const derived = Array.from(
      { length: DEV_ACCOUNT_COUNT },
      (_, addressIndex) => mnemonicToAccount(DEV_MNEMONIC, { addressIndex }).address,
    )
    expect(DEV_ACCOUNTS).toEqual(derived)
    expect(DEPLOYER_ADDRESS).toBe(derived[9])
  })

  it('gives a signing account per index and rejects out-of-range ones', () => {
    expect(devAccount(3).address).toBe(DEV_ACCOUNTS[3])
    expect(() => devAccount(10)).toThrow(RangeError)
  })
})
