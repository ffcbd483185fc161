import { type Hex, numberToHex } from 'viem'
import { CALLS_ERRORS } from './calls-constants.js'
import { type CallsBatch, decodeCallsId } from './calls-id.js'
import { jsonRpc, RpcError } from './json-rpc.js'
import { userOperationOutcome } from './sponsored-calls.js'
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

/**
 * `wallet_getCallsStatus`: the batch's one transaction, read from its chain. A sponsored batch is a user
 * operation: its chain's bundler says which transaction carried it and whether it succeeded (the bundle's
 * transaction succeeds even when the operation reverts), and that transaction's receipt is read from the chain.
 */
export async function callsStatus(context: WalletRpcContext, params: unknown) {
  const id = Array.isArray(params) ? params[0] : undefined
  const batch = decodeCallsId(id)
  if (!batch) throw new RpcError('Unknown batch id', CALLS_ERRORS.unknownBundle)
  const outcome = await batchOutcome(context, batch)
  return {
    version: '2.0.0',
    id: id as string,
    chainId: numberToHex(batch.chainId),
    atomic: true,
    status: !outcome
      ? CALLS_STATUS.pending
      : outcome.status === '0x1'
        ? CALLS_STATUS.confirmed
        : CALLS_STATUS.reverted,
    ...(outcome
      ? {
          receipts: [
            {
              logs: outcome.logs.map(({ address, data, topics }) => ({ address, data, topics })),
              status: outcome.status,
              blockHash: outcome.blockHash,
              blockNumber: outcome.blockNumber,
              gasUsed: outcome.gasUsed,
              transactionHash: outcome.transactionHash,
            },
          ],
        }
      : {}),
  }
}

/** The receipt of the batch's transaction, its status the batch's own; undefined while pending. */
async function batchOutcome(context: WalletRpcContext, batch: CallsBatch): Promise<RpcReceipt | undefined> {
  const receiptOf = async (hash: Hex) =>
    ((await jsonRpc(
      context.fetch,
      rpcUrlOf(context, batch.chainId),
      'eth_getTransactionReceipt',
      [hash],
      context.signal,
    )) as RpcReceipt | null) ?? undefined
  if (batch.kind === 'transaction') return receiptOf(batch.hash)
  const bundlerUrl = context.sponsorshipFor?.(batch.chainId)?.bundlerUrl
  if (!bundlerUrl) throw new RpcError('This network has no bundler for the batch', CALLS_ERRORS.unknownBundle)
  const operation = await userOperationOutcome(context, bundlerUrl, batch.hash)
  if (!operation) return undefined
  const receipt = await receiptOf(operation.transactionHash)
  return receipt && { ...receipt, status: operation.success ? '0x1' : '0x0' }
}

/** The RPC endpoint of a chain: the current one's, or through the frame's resolver for the others. */
export function rpcUrlOf(context: WalletRpcContext, chainId: number): string {
  if (chainId === context.chainId) return context.rpcUrl
  if (context.rpcUrlFor) return context.rpcUrlFor(chainId)
  throw new RpcError('Unsupported chain id', CALLS_ERRORS.unsupportedChain)
}
