import { type HDAccount, mnemonicToAccount } from 'viem/accounts'

/** The public Foundry/Hardhat dev mnemonic; its accounts are funded on anvil and the Portico devnet. */
export const TEST_MNEMONIC = 'test test test test test test test test test test test junk'

export function testWalletAccount(accountIndex = 0, mnemonic = TEST_MNEMONIC): HDAccount {
  return mnemonicToAccount(mnemonic, { addressIndex: accountIndex })
}

/** The address the test wallet uses for an account index, without creating a provider. */
export function testWalletAddress(accountIndex = 0, mnemonic = TEST_MNEMONIC): `0x${string}` {
  return testWalletAccount(accountIndex, mnemonic).address
}
