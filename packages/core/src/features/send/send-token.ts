import type { TokenBalance } from '../../clients/chain-api-schemas.js'
import type { AccountState } from '../../connection/account-controller.js'
import { parseAmount } from './parse-amount.js'

/** A token the visitor can send: one of their balances on the current network. */
export interface SendToken {
  /** `native`, or the token contract's address (an EVM one in lower case). */
  key: string
  /** The token contract (Solana: the SPL mint); undefined for the network's native token. */
  address: string | undefined
  symbol: string
  name: string
  decimals: number
  /** In base units. */
  balance: bigint
  /** USD per whole token, when the chain API knows it. */
  price: number | undefined
  iconUrl: string | undefined
}

export const NATIVE_TOKEN_KEY = 'native'

function toSendToken(token: TokenBalance, exactNative: AccountState['balance']): SendToken | undefined {
  const decimals = Number(token.quantity.decimals)
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 77) return undefined
  const parsed = parseAmount(token.quantity.numeric, decimals, 'en-US')
  if (!('value' in parsed)) return undefined
  // The wallet's own reading of the native balance is exact and newest; the chain API's may lag a block.
  const balance =
    !token.address && exactNative && exactNative.decimals === decimals
      ? BigInt(exactNative.value)
      : parsed.value
  // The chain API names a token contract in CAIP-10 form (`eip155:1:0x…`, `solana:<cluster>:<mint>`).
  const contract = token.address ? token.address.split(':').at(-1) : undefined
  return {
    // Hex contracts in any case are one; a Solana mint's base58 is case-sensitive.
    key: contract ? (contract.startsWith('0x') ? contract.toLowerCase() : contract) : NATIVE_TOKEN_KEY,
    address: contract,
    symbol: token.symbol,
    name: token.name,
    decimals,
    balance,
    price: token.price ?? undefined,
    iconUrl: token.iconUrl ?? undefined,
  }
}

/** The visitor's balances on the current network as send tokens, the native token first. */
export function sendTokensOf(account: Pick<AccountState, 'tokenBalances' | 'balance'>): SendToken[] {
  const tokens = account.tokenBalances
    .map((token) => toSendToken(token, account.balance))
    .filter((token): token is SendToken => token !== undefined)
  return [
    ...tokens.filter((token) => token.key === NATIVE_TOKEN_KEY),
    ...tokens.filter((token) => token.key !== NATIVE_TOKEN_KEY),
  ]
}
