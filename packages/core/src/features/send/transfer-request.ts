import { encodeFunctionData, erc20Abi } from 'viem'
import type { ChainNamespace } from '../../connection/caip.js'
import type { TransactionRequest } from '../../connection/chain-adapter.js'
import type { SendToken } from './send-token.js'

/**
 * The transaction that moves `amount` of `token` to `to`: a plain value transfer; on EVM chains a token
 * is an ERC-20 `transfer` call, elsewhere (Solana's SPL tokens) the adapter builds it from `token`.
 */
export function transferRequest(
  token: Pick<SendToken, 'address' | 'decimals'>,
  to: string,
  amount: bigint,
  namespace: ChainNamespace = 'eip155',
): TransactionRequest {
  if (!token.address) return { to, value: amount }
  if (namespace !== 'eip155')
    return { to, value: amount, token: { address: token.address, decimals: token.decimals } }
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
