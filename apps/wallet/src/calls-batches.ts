import type { Hex } from 'viem'
import type { Call, SendCallsRequest } from './calls-request.js'
import { toHexChainId } from './chains.js'
import { ProviderErrorCode, ProviderRpcError } from './provider-rpc-error.js'

/** EIP-5792 v2 status codes of a batch. */
export const CallsStatusCode = {
  pending: 100,
  confirmed: 200,
  offchainFailure: 400,
  reverted: 500,
  partiallyReverted: 600,
} as const

/** A receipt as `wallet_getCallsStatus` reports it (hex quantities, as the node gave them). */
export interface CallsReceipt {
  readonly logs: readonly { readonly address: Hex; readonly data: Hex; readonly topics: readonly Hex[] }[]
  readonly status: Hex
  readonly blockHash: Hex
  readonly blockNumber: Hex
  readonly gasUsed: Hex
  readonly transactionHash: Hex
}

/** The answer to `wallet_getCallsStatus` (EIP-5792 v2). */
export interface CallsStatus {
  readonly version: '2.0.0'
  readonly id: string
  readonly chainId: Hex
  readonly status: number
  readonly atomic: false
  readonly receipts: readonly CallsReceipt[]
}

/** Reads a chain's node (JSON-RPC): the batches follow their transactions through it. */
export type ChainRead = (chainId: number, method: string, params?: readonly unknown[]) => Promise<unknown>

/** Signs and sends one call on a chain; resolves with its transaction hash. */
export type SendCall = (call: Call, chainId: number) => Promise<Hex>

interface Batch {
  readonly id: string
  readonly chainId: number
  readonly hashes: Hex[]
  readonly receipts: Map<Hex, CallsReceipt>
  /** Still sending calls. */
  sending: boolean
  /** A call could not be sent (the node refused it, or its estimate reverted): the rest were not sent. */
  failedOffchain: boolean
}

export interface CallsBatches {
  /** What the wallet can do per chain: a plain EOA, so no atomic batches anywhere. */
  capabilities(chainIds: readonly number[]): Record<Hex, { atomic: { status: 'unsupported' } }>
  /** Accepts an approved batch and sends its calls one after another, each once the one before is mined. */
  start(request: SendCallsRequest): string
  status(id: string): Promise<CallsStatus>
  /** True when a batch has this id. */
  has(id: string): boolean
}

export interface CallsBatchesOptions {
  readonly read: ChainRead
  readonly send: SendCall
  /** How long to wait between receipt polls while a call is being mined. Default 250 ms. */
  readonly pollMs?: number
}

const randomId = (): string => {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return `0x${[...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`
}

function toCallsReceipt(receipt: Record<string, unknown>): CallsReceipt {
  const logs = Array.isArray(receipt.logs) ? (receipt.logs as Record<string, unknown>[]) : []
  return {
    logs: logs.map((log) => ({
      address: log.address as Hex,
      data: log.data as Hex,
      topics: (log.topics ?? []) as Hex[],
    })),
    status: receipt.status as Hex,
    blockHash: receipt.blockHash as Hex,
    blockNumber: receipt.blockNumber as Hex,
    gasUsed: receipt.gasUsed as Hex,
    transactionHash: receipt.transactionHash as Hex,
  }
}

const succeeded = (receipt: CallsReceipt) => receipt.status === '0x1'

/** The status code of a batch from what was sent and what the chain says of it (EIP-5792 v2). */
function statusCode(batch: Batch): number {
  const receipts = batch.hashes.map((hash) => batch.receipts.get(hash))
  if (batch.sending || receipts.some((receipt) => receipt === undefined)) return CallsStatusCode.pending
  const mined = receipts as CallsReceipt[]
  const landed = mined.filter(succeeded).length
  if (!batch.failedOffchain && landed === mined.length) return CallsStatusCode.confirmed
  if (mined.length === 0) return CallsStatusCode.offchainFailure
  return landed === 0 ? CallsStatusCode.reverted : CallsStatusCode.partiallyReverted
}

/**
 * The test wallet's EIP-5792 batches. It is a plain account, so a batch is its calls sent one by one: each
 * waits for the one before to be mined (a later call may need an earlier one's effect, as a swap needs its
 * approval), and a call that reverts or cannot be sent ends the batch there.
 */
export function createCallsBatches(options: CallsBatchesOptions): CallsBatches {
  const batches = new Map<string, Batch>()
  const pollMs = options.pollMs ?? 250

  async function receiptOf(batch: Batch, hash: Hex): Promise<CallsReceipt | undefined> {
    const known = batch.receipts.get(hash)
    if (known) return known
    const receipt = (await options.read(batch.chainId, 'eth_getTransactionReceipt', [hash])) as Record<
      string,
      unknown
    > | null
    if (!receipt) return undefined
    const parsed = toCallsReceipt(receipt)
    batch.receipts.set(hash, parsed)
    return parsed
  }

  async function mined(batch: Batch, hash: Hex): Promise<CallsReceipt> {
    for (;;) {
      const receipt = await receiptOf(batch, hash).catch(() => undefined)
      if (receipt) return receipt
      await new Promise((resolve) => setTimeout(resolve, pollMs))
    }
  }

  async function sendAll(batch: Batch, calls: readonly Call[]): Promise<void> {
    try {
      for (const call of calls) {
        const hash = await options.send(call, batch.chainId)
        batch.hashes.push(hash)
        if (!succeeded(await mined(batch, hash))) return
      }
    } catch {
      batch.failedOffchain = true
    } finally {
      batch.sending = false
    }
  }

  return {
    capabilities(chainIds) {
      return Object.fromEntries(
        chainIds.map((chainId) => [toHexChainId(chainId), { atomic: { status: 'unsupported' as const } }]),
      )
    },
    start(request) {
      if (request.id !== undefined && batches.has(request.id)) {
        throw new ProviderRpcError(ProviderErrorCode.duplicateId, `A batch with id ${request.id} exists.`)
      }
      const id = request.id ?? randomId()
      const batch: Batch = {
        id,
        chainId: request.chainId,
        hashes: [],
        receipts: new Map(),
        sending: true,
        failedOffchain: false,
      }
      batches.set(id, batch)
      void sendAll(batch, request.calls)
      return id
    },
    async status(id) {
      const batch = batches.get(id)
      if (!batch) throw new ProviderRpcError(ProviderErrorCode.unknownBundle, `No batch has the id ${id}.`)
      await Promise.all(batch.hashes.map((hash) => receiptOf(batch, hash)))
      return {
        version: '2.0.0',
        id,
        chainId: toHexChainId(batch.chainId),
        status: statusCode(batch),
        atomic: false,
        receipts: batch.hashes.flatMap((hash) => batch.receipts.get(hash) ?? []),
      }
    },
    has: (id) => batches.has(id),
  }
}
