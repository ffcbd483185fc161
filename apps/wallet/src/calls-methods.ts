import type { Address } from 'viem'
import type { CallsStatusRequest, SendCallsApprovalRequest } from './approval-request.js'
import type { CallsBatches } from './calls-batches.js'
import { parseCallsId, parseGetCapabilities, parseSendCallsRequest } from './calls-request.js'
import { ProviderErrorCode, ProviderRpcError, unauthorizedError } from './provider-rpc-error.js'

/** The EIP-5792 methods the test wallet answers, through its injected provider and over WalletConnect. */
export const CALLS_METHODS: ReadonlySet<string> = new Set([
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_showCallsStatus',
])

interface RequestBase {
  readonly origin: string
  readonly address: string
  readonly chainId: number
  readonly chainName: string
}

/** What the wallet around the batches provides: its account, its chains and its prompt. */
export interface CallsMethodsContext {
  readonly address: Address
  readonly batches: CallsBatches
  /** The chains the wallet serves (a batch on another is refused with 5710). */
  chainIds(): readonly number[]
  /** The prompt's header for a request on `chainId`: the site, the account, the network. */
  describe(chainId: number): RequestBase
  /** Resolves once the user approved the batch; rejects (4001) when they did not. */
  ask(request: SendCallsApprovalRequest): Promise<void>
  /** Shows where a batch is; nothing waits for the user to close it. */
  show(request: CallsStatusRequest): void
}

function requireOwn(context: CallsMethodsContext, address: string | undefined): void {
  if (address !== undefined && address.toLowerCase() !== context.address.toLowerCase()) {
    throw unauthorizedError(`The wallet does not hold the account ${address}; it holds ${context.address}.`)
  }
}

/** Answers one EIP-5792 method (see CALLS_METHODS) for the wallet described by `context`. */
export async function handleCallsMethod(
  context: CallsMethodsContext,
  method: string,
  params: readonly unknown[],
): Promise<unknown> {
  switch (method) {
    case 'wallet_getCapabilities': {
      const request = parseGetCapabilities(params)
      requireOwn(context, request.address)
      const served = context.chainIds()
      const asked = request.chainIds ?? served
      return context.batches.capabilities(asked.filter((chainId) => served.includes(chainId)))
    }
    case 'wallet_sendCalls': {
      const request = parseSendCallsRequest(params)
      requireOwn(context, request.from)
      if (!context.chainIds().includes(request.chainId)) {
        throw new ProviderRpcError(
          ProviderErrorCode.unsupportedChain,
          `The Portico Test Wallet does not serve chain ${request.chainId}.`,
        )
      }
      if (request.id !== undefined && context.batches.has(request.id)) {
        throw new ProviderRpcError(ProviderErrorCode.duplicateId, `A batch with id ${request.id} exists.`)
      }
      await context.ask({
        kind: 'send-calls',
        ...context.describe(request.chainId),
        calls: request.calls.map((call) => ({ to: call.to, value: call.value, data: call.data })),
      })
      return { id: context.batches.start(request) }
    }
    case 'wallet_getCallsStatus':
      return context.batches.status(parseCallsId(method, params))
    case 'wallet_showCallsStatus': {
      const status = await context.batches.status(parseCallsId(method, params))
      context.show({
        kind: 'calls-status',
        ...context.describe(Number(status.chainId)),
        batchId: status.id,
        status: status.status,
        transactionHashes: status.receipts.map((receipt) => receipt.transactionHash),
      })
      return null
    }
    default:
      throw new ProviderRpcError(ProviderErrorCode.unsupportedMethod, `Not an EIP-5792 method: ${method}`)
  }
}
