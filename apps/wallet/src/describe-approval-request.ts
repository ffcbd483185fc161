import { formatEther } from 'viem'
import type { ApprovalDescription } from './approval-description.js'
import type { ApprovalRequest } from './approval-request.js'
import { describeCallsRequest } from './describe-calls-request.js'
import type { SolanaApprovalRequest } from './solana/solana-approval-request.js'

export type { ApprovalDescription } from './approval-description.js'

export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
}

/** Puts a request into words for the prompt (and for logs): what, from whom, on which network. */
export function describeApprovalRequest(request: ApprovalRequest): ApprovalDescription {
  if (request.kind.startsWith('solana-')) return describeSolanaRequest(request as SolanaApprovalRequest)
  const evm = request as Exclude<ApprovalRequest, SolanaApprovalRequest>
  return describeEvmRequest(evm)
}

const SOLANA_TITLES: Record<SolanaApprovalRequest['kind'], string> = {
  'solana-connect': 'Connect this site to your Solana account',
  'solana-sign-message': 'Sign message',
  'solana-sign-transaction': 'Sign a Solana transaction',
  'solana-send-transaction': 'Sign and send a Solana transaction',
}

function describeSolanaRequest(request: SolanaApprovalRequest): ApprovalDescription {
  return {
    title: SOLANA_TITLES[request.kind],
    details: [
      ...(request.kind === 'solana-connect'
        ? []
        : [
            {
              label: request.kind === 'solana-sign-message' ? 'Message' : 'Transaction',
              value: request.summary,
            },
          ]),
      { label: 'Account', value: request.address },
      ...(request.chain ? [{ label: 'Network', value: request.chain }] : []),
    ],
  }
}

function describeEvmRequest(request: Exclude<ApprovalRequest, SolanaApprovalRequest>): ApprovalDescription {
  const network = `${request.chainName} (${request.chainId})`
  switch (request.kind) {
    case 'connect':
      return {
        title: 'Connect this site to your wallet',
        details: [
          { label: 'Account', value: request.address },
          { label: 'Network', value: network },
        ],
      }
    case 'sign-message':
      return {
        title: 'Sign message',
        details: [
          { label: 'Message', value: request.message },
          { label: 'Account', value: request.address },
        ],
      }
    case 'sign-typed-data':
      return {
        title: `Sign typed data: ${request.primaryType}`,
        details: [
          { label: 'Primary type', value: request.primaryType },
          ...(typeof request.domain.name === 'string'
            ? [{ label: 'Domain', value: request.domain.name }]
            : []),
          { label: 'Message', value: JSON.stringify(request.message, null, 2) },
          { label: 'Account', value: request.address },
        ],
      }
    case 'send-transaction':
      return {
        title: request.to
          ? `Send ${formatEther(request.value)} ETH to ${request.to} on ${network}`
          : `Deploy a contract with ${formatEther(request.value)} ETH on ${network}`,
        details: [
          { label: 'From', value: request.address },
          { label: 'To', value: request.to ?? '(new contract)' },
          { label: 'Amount', value: `${formatEther(request.value)} ETH` },
          { label: 'Network', value: network },
          ...(request.data && request.data !== '0x' ? [{ label: 'Data', value: request.data }] : []),
        ],
      }
    case 'send-calls':
    case 'calls-status':
      return describeCallsRequest(request, network)
    case 'add-chain':
      return {
        title: `Add network ${request.newChainName} (${request.newChainId})`,
        details: [
          { label: 'Network', value: `${request.newChainName} (${request.newChainId})` },
          { label: 'RPC URL', value: request.rpcUrls.join(', ') },
        ],
      }
  }
}
