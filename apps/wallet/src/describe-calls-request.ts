import { formatEther } from 'viem'
import type { ApprovalDescription } from './approval-description.js'
import type { CallsStatusRequest, SendCallsApprovalRequest } from './approval-request.js'

const STATUS_WORDS: Readonly<Record<number, string>> = {
  100: 'pending',
  200: 'confirmed',
  400: 'failed before reaching the chain',
  500: 'reverted',
  600: 'partially reverted',
}

/** The words of an EIP-5792 status code, e.g. 'confirmed (200)'. */
export function callsStatusText(status: number): string {
  return `${STATUS_WORDS[status] ?? 'unknown'} (${status})`
}

/** A batch put into words: every call on its own line (recipient, amount, data), or where the batch is. */
export function describeCallsRequest(
  request: SendCallsApprovalRequest | CallsStatusRequest,
  network: string,
): ApprovalDescription {
  if (request.kind === 'calls-status') {
    return {
      title: `Batch ${callsStatusText(request.status)}`,
      informational: true,
      details: [
        { label: 'Batch', value: request.batchId },
        { label: 'Network', value: network },
        ...request.transactionHashes.map((hash, index) => ({
          label: `Transaction ${index + 1}`,
          value: hash,
        })),
      ],
    }
  }
  const count = request.calls.length
  return {
    title: `Send ${count} ${count === 1 ? 'call' : 'calls'} on ${network}, one after another`,
    details: [
      { label: 'From', value: request.address },
      ...request.calls.map((call, index) => ({
        label: `Call ${index + 1} of ${count}`,
        value: [
          `To ${call.to ?? '(new contract)'}`,
          `${formatEther(call.value)} ETH`,
          ...(call.data ? [`Data ${call.data}`] : []),
        ].join('\n'),
      })),
      { label: 'Network', value: network },
    ],
  }
}
