import { type Address, encodeFunctionData, erc20Abi, type Hex, isAddressEqual, sliceHex } from 'viem'
import { RpcError } from '../json-rpc.js'
import type { Call } from '../wallet-calls.js'

/** EIP-1193's "unauthorized": the dApp asked for something the visitor did not permit. */
export const UNAUTHORIZED = 4100

/** What a permission lets the dApp spend: the chain's native currency, or one ERC-20 token. */
export type Asset = { kind: 'native' } | { kind: 'erc20'; token: Address }
export type Spend = { asset: Asset; amount: bigint }

const TRANSFER_SELECTOR = '0xa9059cbb'
/** transfer(address,uint256): the selector and two words, nothing more. */
const TRANSFER_LENGTH = 2 + 2 * (4 + 32 + 32)

export const refused = (message: string) => new RpcError(message, UNAUTHORIZED)

/**
 * What each call spends, when every call is a plain spend of a permitted asset: a native transfer (value,
 * no data) or the token's own `transfer(to, amount)` in its one canonical encoding, with no value. Anything
 * else (another token or function, approve, transferFrom, trailing bytes, a dirty address word, value on a
 * token call, a zero amount that only burns the visitor's gas) refuses the whole batch.
 */
export function spendsOf(calls: readonly Call[], permitted: readonly Asset[]): Spend[] {
  return calls.map((call) => {
    if (call.data === '0x') {
      if (call.value === 0n) throw refused('A call that spends nothing is not covered by the permission')
      if (!permitted.some((asset) => asset.kind === 'native')) {
        throw refused('The permission does not cover the native currency')
      }
      return { asset: { kind: 'native' }, amount: call.value }
    }
    const token = permitted.find(
      (asset): asset is Extract<Asset, { kind: 'erc20' }> =>
        asset.kind === 'erc20' && isAddressEqual(asset.token, call.to),
    )
    if (!token) throw refused('The permission does not cover calls to this contract')
    if (call.value !== 0n) throw refused('A token transfer under a permission carries no value')
    const amount = transferAmount(call.data)
    if (amount === undefined) throw refused('The permission covers only the token’s transfer function')
    if (amount === 0n) throw refused('A call that spends nothing is not covered by the permission')
    return { asset: token, amount }
  })
}

/** The amount of an ERC-20 `transfer`, or undefined for any other call data (or a non-canonical one). */
export function transferAmount(data: Hex): bigint | undefined {
  if (data.length !== TRANSFER_LENGTH || data.slice(0, 10).toLowerCase() !== TRANSFER_SELECTOR) {
    return undefined
  }
  const recipientWord = sliceHex(data, 4, 36)
  const amount = BigInt(sliceHex(data, 36, 68))
  const recipient = `0x${recipientWord.slice(26)}` as Address
  // Re-encoded, it must be the very bytes sent: no dirty upper bytes in the address word.
  const canonical = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, amount] })
  return canonical === data.toLowerCase() ? amount : undefined
}

export const sameAsset = (a: Asset, b: Asset) =>
  a.kind === 'native' ? b.kind === 'native' : b.kind === 'erc20' && isAddressEqual(a.token, b.token)
