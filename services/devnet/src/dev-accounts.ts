import type { Address, HDAccount } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'

/** The well-known Hardhat/Foundry test mnemonic; every devnet chain funds its first accounts. */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk'

export const DEV_ACCOUNT_COUNT = 10
export const DEV_ACCOUNT_BALANCE_ETH = 10_000

/**
 * Addresses of `m/44'/60'/0'/0/0..9` for DEV_MNEMONIC. Written out rather than derived at import,
 * because deriving costs ~200 ms (a PBKDF2 per account) in every importer, including the browser demo;
 * dev-accounts.test.ts derives them with viem's mnemonicToAccount and checks this list.
 */
export const DEV_ACCOUNTS = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
  '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
  '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
  '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
  '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f',
  '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
] as const satisfies readonly Address[]

/** Index of the account that deploys the seeded contracts; kept apart so its nonces stay predictable. */
export const DEPLOYER_ACCOUNT_INDEX = 9
export const DEPLOYER_ADDRESS: Address = DEV_ACCOUNTS[DEPLOYER_ACCOUNT_INDEX]

/** A signing viem account for dev account `index` (derived on demand from DEV_MNEMONIC). */
export function devAccount(index: number): HDAccount {
  if (!Number.isInteger(index) || index < 0 || index >= DEV_ACCOUNT_COUNT) {
    throw new RangeError(`dev account index must be an integer in 0..${DEV_ACCOUNT_COUNT - 1}, got ${index}`)
  }
  return mnemonicToAccount(DEV_MNEMONIC, { addressIndex: index })
}
