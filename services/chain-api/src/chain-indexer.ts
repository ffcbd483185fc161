import type { Kysely } from 'kysely'
import { MethodNotFoundRpcError, MethodNotSupportedRpcError, toHex } from 'viem'
import { type BlockActivity, blockActivity } from './block-activity.js'
import type { ChainApiDatabase } from './chain-api-database.js'
import type { ChainClients } from './chain-clients.js'
import { type ChainIndexer, createIndexerLoop } from './indexer-loop.js'
import { priceBlockTransfers, type TransferPricing } from './price-block-transfers.js'
import {
  type RpcBlock,
  type RpcReceipt,
  type RpcTrace,
  rpcBlockHeaderSchema,
  rpcBlockSchema,
  rpcReceiptSchema,
  rpcTraceSchema,
} from './rpc-block-schemas.js'
import {
  readIndexedHashes,
  readLastIndexedBlock,
  rewindBlockActivity,
  storeBlockActivity,
} from './store-block-activity.js'

export interface ChainIndexerOptions {
  db: Kysely<ChainApiDatabase>
  clients: ChainClients
  /** Wait between polls once a chain is caught up (default 1000 ms). */
  pollIntervalMs?: number
  /** Most blocks fetched and stored per step (default 500). */
  blocksPerStep?: number
  /** Called with indexing failures; the indexer retries after the poll interval. */
  onError?: (error: unknown, chainId: number) => void
  /** Records each transfer's USD price at its block (transfers stay unpriced without it). */
  pricing?: TransferPricing | undefined
  /** Called when stored blocks were no longer on the chain and their rows were deleted. */
  onRewind?: (rewind: { chainId: number; removedBlocks: number; keptUpTo: number }) => void
}

/**
 * Follows blocks on every chain into the history tables. Each chain resumes from the block after its stored
 * progress, so a restart leaves no gap; a step is written in one transaction with idempotent inserts, so
 * nothing is stored twice. Every stored block keeps its hash: when the chain no longer holds a stored block
 * (a devnet restarted from an older snapshot or reset, a reorg), the rows of every block from the first
 * missing one on are deleted and those heights indexed again from the chain as it now is.
 */
export function createChainIndexer(options: ChainIndexerOptions): ChainIndexer {
  const { db, clients } = options
  const pollIntervalMs = options.pollIntervalMs ?? 1_000
  const blocksPerStep = options.blocksPerStep ?? 500
  const fetchBlocks = async (chainId: number, from: number, to: number) => {
    const client = clients.client(chainId)
    const numbers = Array.from({ length: to - from + 1 }, (_, i) => from + i)
    // Requested together: viem sends them as JSON-RPC batches.
    const blocks = await Promise.all(
      numbers.map(async (n) =>
        rpcBlockSchema.parse(
          await client.request({ method: 'eth_getBlockByNumber', params: [toHex(n), true] }),
        ),
      ),
    )
    // Empty blocks (most of a devnet) need no receipts.
    const receipts = await Promise.all(
      blocks.map(async (block): Promise<RpcReceipt[]> => {
        if (block.transactions.length === 0) return []
        const raw = await client.request({
          method: 'eth_getBlockReceipts',
          params: [block.number as `0x${string}`],
        })
        return rpcReceiptSchema.array().parse(raw)
      }),
    )
    const traces = await Promise.all(
      blocks.map((block) => (block.transactions.length === 0 ? [] : blockTraces(chainId, block.number))),
    )
    return blocks.map((block, i): [RpcBlock, RpcReceipt[], RpcTrace[]] => [
      block,
      receipts[i] ?? [],
      traces[i] ?? [],
    ])
  }

  // Chains whose node answers trace_block with "method not found": their internal value goes unrecorded.
  const untraced = new Set<number>()
  /** A block's call traces: what tells that a swap paid its output in the native currency. */
  const blockTraces = async (chainId: number, blockNumber: string): Promise<RpcTrace[]> => {
    if (untraced.has(chainId)) return []
    try {
      // trace_block is outside viem's typed public-client schema; the answer is parsed below.
      const request = clients.client(chainId).request as (args: {
        method: string
        params: unknown[]
      }) => Promise<unknown>
      return rpcTraceSchema.array().parse(await request({ method: 'trace_block', params: [blockNumber] }))
    } catch (error) {
      if (error instanceof MethodNotFoundRpcError || error instanceof MethodNotSupportedRpcError) {
        untraced.add(chainId)
        return []
      }
      throw error
    }
  }

  // eth_blockNumber itself: viem's getBlockNumber caches the answer for seconds.
  const headBlock = async (chainId: number) =>
    Number(BigInt(await clients.client(chainId).request({ method: 'eth_blockNumber' })))

  const fetchHashes = async (chainId: number, from: number, to: number) => {
    const client = clients.client(chainId)
    const headers = await Promise.all(
      Array.from({ length: to - from + 1 }, async (_, i) => {
        const raw = await client.request({ method: 'eth_getBlockByNumber', params: [toHex(from + i), false] })
        // A height past the head (the chain got shorter meanwhile) has no block.
        return raw === null ? undefined : rpcBlockHeaderSchema.parse(raw).hash.toLowerCase()
      }),
    )
    return new Map(headers.map((hash, i) => [from + i, hash]))
  }

  /**
   * The highest stored block at or below `from` that the chain still holds with the same hash; -1 if none.
   * Chains share a prefix, so the search walks down a window at a time from the top.
   */
  const lastCommonBlock = async (chainId: number, from: number): Promise<number> => {
    for (let top = from; top >= 0; top -= blocksPerStep) {
      const bottom = Math.max(0, top - blocksPerStep + 1)
      const [stored, onChain] = await Promise.all([
        readIndexedHashes(db, chainId, bottom, top),
        fetchHashes(chainId, bottom, top),
      ])
      for (let n = top; n >= bottom; n--) {
        const hash = stored.get(n)
        if (hash !== undefined && hash === onChain.get(n)) return n
      }
    }
    return -1
  }

  const rewind = async (chainId: number, from: number) => {
    const keptUpTo = await lastCommonBlock(chainId, from)
    const removedBlocks = await rewindBlockActivity(db, chainId, keptUpTo)
    if (removedBlocks > 0) options.onRewind?.({ chainId, removedBlocks, keptUpTo })
  }

  /** Indexes the next range of a chain (or rewinds what the chain no longer holds); false when in sync. */
  const step = async (chainId: number, head?: number): Promise<boolean> => {
    const last = await readLastIndexedBlock(db, chainId)
    const target = head ?? (await headBlock(chainId))
    if (last >= target) {
      // Nothing new; still check the stored tip, so blocks the chain lost are not served until it regrows.
      if (last < 0) return false
      const tip = Math.min(last, target)
      const [stored, onChain] = await Promise.all([
        readIndexedHashes(db, chainId, tip, tip),
        fetchHashes(chainId, tip, tip),
      ])
      if (last === target && stored.get(tip) === onChain.get(tip)) return false
      await rewind(chainId, tip)
      return true
    }
    const from = last + 1
    const to = Math.min(target, last + blocksPerStep)
    const fetched = await fetchBlocks(chainId, from, to)
    const parentHash = last < 0 ? undefined : (await readIndexedHashes(db, chainId, last, last)).get(last)
    const firstParent = fetched[0]?.[0].parentHash.toLowerCase()
    if (last >= 0 && firstParent !== parentHash) {
      await rewind(chainId, last)
      return true
    }
    const merged: BlockActivity = { transactions: [], transfers: [], participants: [] }
    const blocks: { number: number; hash: string }[] = []
    // Blocks are priced together: viem batches their pool reads.
    const pricedBlocks: Promise<void>[] = []
    for (const [block, receipts, traces] of fetched) {
      const previous = blocks.at(-1)
      if (previous && block.parentHash.toLowerCase() !== previous.hash) {
        // The chain changed while the range was read; the next step starts over.
        throw new Error(`chain ${chainId} changed while blocks ${from}-${to} were read`)
      }
      blocks.push({ number: Number(BigInt(block.number)), hash: block.hash.toLowerCase() })
      const activity = blockActivity(chainId, block, receipts, traces)
      pricedBlocks.push(
        options.pricing
          ? priceBlockTransfers(options.pricing, chainId, Number(BigInt(block.number)), activity.transfers)
          : Promise.resolve(),
      )
      merged.transactions.push(...activity.transactions)
      merged.transfers.push(...activity.transfers)
      merged.participants.push(...activity.participants)
    }
    await Promise.all(pricedBlocks)
    // false: another writer stored or rewound meanwhile; the next step reads the new progress.
    await storeBlockActivity(db, chainId, { parentHash, blocks, activity: merged })
    return true
  }

  return createIndexerLoop({
    chainIds: clients.chainIds,
    step,
    head: headBlock,
    lastIndexed: (chainId) => readLastIndexedBlock(db, chainId),
    pollIntervalMs,
    onError: options.onError,
  })
}
