/**
 * How the wallet misbehaves on eth_requestAccounts, for tests of a dApp facing a broken wallet:
 * 'throw' rejects with a plain Error (no EIP-1193 code), 'hang' never settles, 'garbage' resolves a non-array.
 */
export type FaultMode = 'none' | 'throw' | 'hang' | 'garbage'

export const FAULT_MODES: readonly FaultMode[] = ['none', 'throw', 'hang', 'garbage']

export interface SetFaultOptions {
  /** Keep misbehaving on every eth_requestAccounts until setFault('none'); default false (next call only). */
  readonly persistent?: boolean
}
