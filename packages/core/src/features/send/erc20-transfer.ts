import { encodeFunctionData, erc20Abi } from 'viem'
import type { TransactionRequest } from '../../chain-adapter.js'
import type { SendToken } from './send-token.js'

/** The transaction that moves `amount` of `token` to `to`: a plain value transfer, or ERC-20 `transfer`. */
export function transferRequest(
  token: Pick<SendToken, 'address'>,
  to: string,
  amount: bigint,
): TransactionRequest {
  if (!token.address) return { to, value: amount }
  return {
    to: token.address,
    value: 0n,
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to as `0x${string}`, amount],
    }),
  }
}
