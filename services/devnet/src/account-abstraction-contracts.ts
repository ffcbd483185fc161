import type { Address } from 'viem'

/**
 * The smart-account contracts of a devnet chain, at the addresses they have on every public chain: the
 * ERC-4337 EntryPoint v0.8, the Simple7702Account v0.8 implementation an EOA delegates to with EIP-7702
 * (viem's `toSimple7702SmartAccount` default; it trusts EntryPoint v0.8 only) and, where deployed, the
 * EntryPoint v0.7.
 */
export type DevnetAccountAbstraction = {
  entryPoint08: Address
  simple7702Account: Address
  entryPoint07?: Address
  /** Portico's verifying paymaster (EntryPoint v0.8), which the paymaster service signs for. */
  verifyingPaymaster?: Address
  /** Portico's ERC-4337 account factory (EntryPoint v0.8): the embedded wallet's counterfactual smart accounts. */
  smartAccountFactory?: Address
}

/** EntryPoint v0.8, as viem's `entryPoint08Address`. */
export const ENTRY_POINT_08_ADDRESS: Address = '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108'

/** Simple7702Account v0.8: its `execute` and `executeBatch` answer only the account itself or EntryPoint v0.8. */
export const SIMPLE_7702_ACCOUNT_ADDRESS: Address = '0xe6Cae83BdE06E4c305530e199D7217f42808555B'

/** EntryPoint v0.7, as viem's `entryPoint07Address`. */
export const ENTRY_POINT_07_ADDRESS: Address = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'

/**
 * PorticoVerifyingPaymaster (contracts/PorticoVerifyingPaymaster.sol), CREATE2-deployed with salt 0 for
 * EntryPoint v0.8, the devnet paymaster signer and the deployer as owner (verifying-paymaster.test.ts
 * recomputes it).
 */
export const VERIFYING_PAYMASTER_ADDRESS: Address = '0xcdD1825eBda69147aC127aDcF200bA33B09EDE8A'

/**
 * PorticoSmartAccountFactory (contracts/PorticoSmartAccountFactory.sol): SimpleAccount v0.8 with ERC-1271 and
 * a `createAccount` any caller may run (so ERC-6492 verifies undeployed accounts), CREATE2-deployed with
 * salt 0 for EntryPoint v0.8 (smart-account-factory-artifact.test.ts recomputes it). Not eth-infinitism's
 * canonical SimpleAccountFactory address: that factory answers only the EntryPoint, and its account lacks 1271.
 */
export const SMART_ACCOUNT_FACTORY_ADDRESS: Address = '0xdDd02b678E78682C9b722086B0B373B6A05456e5'

/** What every devnet chain has deployed (and its manifest lists as `accountAbstraction`). */
export const ACCOUNT_ABSTRACTION_CONTRACTS: DevnetAccountAbstraction = {
  entryPoint08: ENTRY_POINT_08_ADDRESS,
  simple7702Account: SIMPLE_7702_ACCOUNT_ADDRESS,
  entryPoint07: ENTRY_POINT_07_ADDRESS,
  verifyingPaymaster: VERIFYING_PAYMASTER_ADDRESS,
  smartAccountFactory: SMART_ACCOUNT_FACTORY_ADDRESS,
}
