import { type Hex, numberToHex } from 'viem'
import { CALLS_ERRORS } from './calls-constants.js'
import { decodeCallsId } from './calls-id.js'
import { jsonRpc, RpcError } from './json-rpc.js'
import type { WalletRpcContext } from './wallet-context.js'

/** EIP-5792 status codes: pending, confirmed, and reverted on chain (an atomic batch: nothing happened). */
export const CALLS_STATUS = { pending: 100, confirmed: 200, reverted: 500 } as const

type RpcReceipt = {
  logs: { address: Hex; data: Hex; topics: Hex[] }[]
  status: Hex
  blockHash: Hex
  blockNumber: Hex
  gasUsed: Hex
  transactionHash: Hex
}

/** `wallet_getCallsStatus`: the batch's one transaction, read from its chain. */
export async function callsStatus(context: WalletRpcContext, params: unknown) {
  const id = Array.isArray(params) ? params[0] : undefined
  const batch = decodeCallsId(id)
  if (!batch) throw new RpcError('Unknown batch id', CALLS_ERRORS.unknownBundle)
  const rpcUrl = rpcUrlOf(context, batch.chainId)
  const receipt = (await jsonRpc(
    context.fetch,
    rpcUrl,
    'eth_getTransactionReceipt',
    [batch.hash],
    context.signal,
  )) as RpcReceipt | null
  return {
    version: '2.0.0',
    id: id as string,
    chainId: numberToHex(batch.chainId),
    atomic: true,
    status: !receipt
      ? CALLS_STATUS.pending
      : receipt.status === '0x1'
        ? CALLS_STATUS.confirmed
        : CALLS_STATUS.reverted,
    ...(receipt
      ? {
          receipts: [
            {
              logs: receipt.logs.map(({ address, data, topics }) => ({ address, data, topics })),
              status: receipt.status,
              blockHash: receipt.blockHash,
              blockNumber: receipt.blockNumber,
              gasUsed: receipt.gasUsed,
              transactionHash: receipt.transactionHash,
            },
          ],
        }
      : {}),
  }
}

/** The RPC endpoint of a chain: the current one's, or through the frame's resolver for the others. */
export function rpcUrlOf(context: WalletRpcContext, chainId: number): string {
  if (chainId === context.chainId) return context.rpcUrl
  if (context.rpcUrlFor) return context.rpcUrlFor(chainId)
  throw new RpcError('Unsupported chain id', CALLS_ERRORS.unsupportedChain)
}
