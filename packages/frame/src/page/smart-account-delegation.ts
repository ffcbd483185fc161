import { type Address, concatHex, type Hex, isHex } from 'viem'

/**
 * The smart-account code an embedded EOA delegates to through EIP-7702: eth-infinitism's Simple7702Account
 * (ERC-4337 v0.8), at its canonical address, the same on every chain that has it. The wallet never
 * delegates to any other code: a delegation is as powerful as the key.
 */
export const SIMPLE_7702_ACCOUNT: Address = '0xe6Cae83BdE06E4c305530e199D7217f42808555B'

/** EIP-7702's delegation designator: what `eth_getCode` answers for an account delegated to `target`. */
export const delegationDesignator = (target: Address): Hex => concatHex(['0xef0100', target])

/**
 * Where the account stands: plain EOA (`none`), delegated to the wallet's smart-account code (`smart`),
 * or to some other code (`other`: delegated elsewhere with the exported key; a batch re-delegates it).
 */
export type DelegationState = 'none' | 'smart' | 'other'

export function delegationStateOf(code: unknown): DelegationState {
  if (typeof code !== 'string' || !isHex(code) || code === '0x') return 'none'
  return code.toLowerCase() === delegationDesignator(SIMPLE_7702_ACCOUNT).toLowerCase() ? 'smart' : 'other'
}

/** The chain has the smart-account code (a chain without it cannot run a batch atomically). */
export const hasSmartAccountCode = (code: unknown) =>
  typeof code === 'string' && isHex(code) && code.length > 2
