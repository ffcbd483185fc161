import type { JsonRpcRequest } from './json-rpc-envelope.js'

/**
 * Whether an answer can be reused for every later identical call:
 * - `always`: it cannot change while the chain is the same chain (its id);
 * - `once-final`: it describes block `block` (or a transaction in it), so a reorganisation could still change
 *   it; it is kept once that block is at or below the chain's finalized block, which no reorganisation reverts;
 * - `never`: it follows the chain's head (balances, nonces, `latest`…), or there is nothing yet (null: a
 *   transaction still pending, a block not yet mined).
 */
export type AnswerPermanence = { kind: 'always' } | { kind: 'once-final'; block: bigint } | { kind: 'never' }

const NEVER: AnswerPermanence = { kind: 'never' }
const ALWAYS: AnswerPermanence = { kind: 'always' }

/** Methods whose answer is fixed by the chain alone. */
const CHAIN_CONSTANTS = new Set(['eth_chainId', 'net_version'])
/** Methods answering with a block object (its `number`) for a given hash or number. */
const BLOCK_ANSWERS = new Set(['eth_getBlockByHash', 'eth_getBlockByNumber'])
/** Methods answering with a transaction or receipt (its `blockNumber`, null while pending). */
const TRANSACTION_ANSWERS = new Set([
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
  'eth_getTransactionByBlockHashAndIndex',
])

const HEX_QUANTITY = /^0x[0-9a-f]{1,64}$/i

const quantity = (value: unknown): bigint | undefined =>
  typeof value === 'string' && HEX_QUANTITY.test(value) ? BigInt(value) : undefined

/** Methods that may be cached at all (the others are not even looked up). */
export const mayBeCached = (method: string) =>
  CHAIN_CONSTANTS.has(method) || BLOCK_ANSWERS.has(method) || TRANSACTION_ANSWERS.has(method)

export function answerPermanence(request: JsonRpcRequest, result: unknown): AnswerPermanence {
  if (result === null || result === undefined) return NEVER
  const { method } = request
  if (CHAIN_CONSTANTS.has(method)) return ALWAYS
  if (typeof result !== 'object') return NEVER
  let block: bigint | undefined
  if (BLOCK_ANSWERS.has(method)) {
    // By number only when a number was asked: a tag (latest, safe, finalized…) names a moving block.
    const asked = Array.isArray(request.params) ? request.params[0] : undefined
    if (method === 'eth_getBlockByNumber' && quantity(asked) === undefined) return NEVER
    block = quantity((result as { number?: unknown }).number)
  } else if (TRANSACTION_ANSWERS.has(method)) {
    block = quantity((result as { blockNumber?: unknown }).blockNumber)
  }
  return block === undefined ? NEVER : { kind: 'once-final', block }
}

/**
 * The key of a call: chain, method and parameters. Hashes and quantities are case-insensitive hex, so the
 * parameters are lower-cased (only cacheable methods are keyed, and theirs are hex strings and booleans).
 */
export const answerKey = (chainId: number, request: JsonRpcRequest) =>
  `${chainId} ${request.method} ${JSON.stringify(request.params ?? []).toLowerCase()}`

/** Least-recently-used answers, bounded by the size of their JSON. */
export class AnswerCache {
  readonly #entries = new Map<string, { result: unknown; bytes: number }>()
  #bytes = 0

  constructor(
    readonly maxBytes: number,
    /** A larger answer (a full block, say) is not kept: it would push out many small ones. */
    readonly maxEntryBytes = Math.max(1, Math.floor(maxBytes / 64)),
  ) {}

  get(key: string): { result: unknown } | undefined {
    const entry = this.#entries.get(key)
    if (!entry) return undefined
    // Refreshes its place in the LRU order.
    this.#entries.delete(key)
    this.#entries.set(key, entry)
    return { result: entry.result }
  }

  set(key: string, result: unknown) {
    const bytes = key.length + JSON.stringify(result).length
    if (bytes > this.maxEntryBytes) return
    this.delete(key)
    this.#entries.set(key, { result, bytes })
    this.#bytes += bytes
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break
      this.#entries.delete(oldest)
      this.#bytes -= entry.bytes
    }
  }

  delete(key: string) {
    const entry = this.#entries.get(key)
    if (!entry) return
    this.#entries.delete(key)
    this.#bytes -= entry.bytes
  }

  get size() {
    return this.#entries.size
  }

  get bytes() {
    return this.#bytes
  }
}
