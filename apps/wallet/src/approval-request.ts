import type { SolanaApprovalRequest } from './solana/solana-approval-request.js'

/** What the wallet asks the user before acting; `approve(request)` answers it (the prompt, or a test). */
export type ApprovalRequest =
  | SolanaApprovalRequest
  | ConnectApprovalRequest
  | SignMessageApprovalRequest
  | SignTypedDataApprovalRequest
  | SendTransactionApprovalRequest
  | AddChainApprovalRequest
  | SendCallsApprovalRequest
  | CallsStatusRequest

interface ApprovalRequestBase {
  /** The site asking, e.g. 'http://127.0.0.1:3000'. */
  readonly origin: string
  readonly address: string
  readonly chainId: number
  readonly chainName: string
}

export interface ConnectApprovalRequest extends ApprovalRequestBase {
  readonly kind: 'connect'
}

export interface SignMessageApprovalRequest extends ApprovalRequestBase {
  readonly kind: 'sign-message'
  /** The message decoded as UTF-8 text, or the raw hex when it is not text. */
  readonly message: string
  readonly rawMessage: string
}

export interface SignTypedDataApprovalRequest extends ApprovalRequestBase {
  readonly kind: 'sign-typed-data'
  readonly primaryType: string
  readonly domain: Readonly<Record<string, unknown>>
  readonly message: Readonly<Record<string, unknown>>
}

export interface SendTransactionApprovalRequest extends ApprovalRequestBase {
  readonly kind: 'send-transaction'
  /** Undefined for a contract deployment. */
  readonly to: string | undefined
  readonly value: bigint
  readonly data: string | undefined
}

export interface AddChainApprovalRequest extends ApprovalRequestBase {
  readonly kind: 'add-chain'
  readonly newChainId: number
  readonly newChainName: string
  readonly rpcUrls: readonly string[]
}

export interface SendCallsApprovalRequest extends ApprovalRequestBase {
  readonly kind: 'send-calls'
  /** Every call of the batch, in the order they are sent; one approval covers them all. */
  readonly calls: readonly {
    readonly to: string | undefined
    readonly value: bigint
    readonly data: string | undefined
  }[]
}

/** `wallet_showCallsStatus`: the wallet shows where a batch is; there is nothing to approve, only to close. */
export interface CallsStatusRequest extends ApprovalRequestBase {
  readonly kind: 'calls-status'
  readonly batchId: string
  /** The EIP-5792 status code (100 pending, 200 confirmed, 400, 500, 600 failures). */
  readonly status: number
  readonly transactionHashes: readonly string[]
}

export type ApproveFunction = (request: ApprovalRequest) => Promise<boolean>
