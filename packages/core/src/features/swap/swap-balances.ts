import type { AccountState } from '../../connection/account-controller.js'
import { parseAmount } from '../send/parse-amount.js'

/** The key of the native token among the visitor's balances. */
export const NATIVE_BALANCE_KEY = 'native'

/**
 * The visitor's balances on the current network in base units, by lower-case contract address (the native
 * token under `native`). The wallet's own reading of the native balance wins: it is exact and newest.
 */
export function heldBalances(account: Pick<AccountState, 'tokenBalances' | 'balance'>): Map<string, bigint> {
  const held = new Map<string, bigint>()
  for (const token of account.tokenBalances) {
    const decimals = Number(token.quantity.decimals)
    if (!Number.isInteger(decimals) || decimals < 0 || decimals > 77) continue
    const parsed = parseAmount(token.quantity.numeric, decimals, 'en-US')
    // The chain API may name the contract plainly or as CAIP-10 (`eip155:1:0x…`), as Web3Modal's does.
    const contract = token.address
      ? token.address.slice(token.address.lastIndexOf(':') + 1).toLowerCase()
      : undefined
    if ('value' in parsed) held.set(contract ?? NATIVE_BALANCE_KEY, parsed.value)
  }
  if (account.balance) held.set(NATIVE_BALANCE_KEY, BigInt(account.balance.value))
  return held
}
