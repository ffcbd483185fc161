import type { Kysely } from 'kysely'
import type { BlockActivity } from '../block-activity.js'
import type { ChainApiDatabase } from '../chain-api-database.js'
import { type ChainIndexer, createIndexerLoop } from '../indexer-loop.js'
import {
  readHighestIndexedBlock,
  readLastIndexedBlock,
  rewindBlockActivity,
  storeBlockActivity,
} from '../store-block-activity.js'
import { solanaBlockActivity } from './solana-block-activity.js'
import { type SolanaBlock, solanaBlockSchema } from './solana-block-schema.js'
import type { SolanaCluster, SolanaClusters } from './solana-clusters.js'

export interface SolanaIndexerOptions {
  db: Kysely<ChainApiDatabase>
  clusters: SolanaClusters
  /** Wait between polls once a cluster is caught up (default 1000 ms). */
  pollIntervalMs?: number
  /** Most slots looked at per step (default 1000). */
  slotsPerStep?: number
  onError?: (error: unknown, storageChainId: number) => void
  onRewind?: (rewind: { storageChainId: number; removedSlots: number; keptUpTo: number }) => void
}

/** Blocks fetched at once within a step. */
const BLOCK_FETCHES_AT_ONCE = 50

/**
 * Follows each Solana cluster's confirmed blocks into the history tables, as the EVM indexer follows
 * blocks: progress is a slot, only blocks with transactions are stored (a cluster's slots are mostly empty
 * and many are skipped), and each step first checks that the newest stored block is still the cluster's.
 * When it is not (a devnet restarted from older state or reset), everything from the first block the
 * cluster no longer holds is deleted and indexed again.
 */
export function createSolanaIndexer(options: SolanaIndexerOptions): ChainIndexer {
  const { db, clusters } = options
  const slotsPerStep = options.slotsPerStep ?? 1_000

  const cluster = (storageChainId: number): SolanaCluster => {
    const found = clusters.byStorageId(storageChainId)
    if (!found) throw new RangeError(`no Solana cluster is stored as chain ${storageChainId}`)
    return found
  }

  const head = async (storageChainId: number) =>
    Number(await cluster(storageChainId).rpc.getSlot({ commitment: 'confirmed' }).send())

  /** The cluster's block at `slot`, or undefined when the slot holds none (skipped, or past the head). */
  const fetchBlock = async (target: SolanaCluster, slot: number): Promise<SolanaBlock | undefined> => {
    try {
      const raw = await target.rpc
        .getBlock(BigInt(slot), {
          commitment: 'confirmed',
          encoding: 'json',
          transactionDetails: 'full',
          rewards: false,
          maxSupportedTransactionVersion: 0,
        })
        .send()
      return raw === null ? undefined : solanaBlockSchema.parse(raw)
    } catch (error) {
      // -32004 (not available), -32007 (skipped) and -32009 (missing in long-term storage): no block.
      const code = (error as { context?: { __code?: number } }).context?.__code
      if (code === -32004 || code === -32007 || code === -32009) return undefined
      throw error
    }
  }

  /** Whether the stored block at `slot` is still the cluster's. */
  const stillHeld = async (target: SolanaCluster, slot: number, hash: string) =>
    (await fetchBlock(target, slot))?.blockhash === hash

  /** Deletes what the cluster no longer holds, walking down the stored blocks from `from`. */
  const rewind = async (storageChainId: number, from: number) => {
    const target = cluster(storageChainId)
    let stored = await readHighestIndexedBlock(db, storageChainId, from)
    while (stored && !(await stillHeld(target, stored.number, stored.hash))) {
      stored = await readHighestIndexedBlock(db, storageChainId, stored.number - 1)
    }
    const keptUpTo = stored?.number ?? -1
    const removedSlots = await rewindBlockActivity(db, storageChainId, keptUpTo)
    if (removedSlots > 0) options.onRewind?.({ storageChainId, removedSlots, keptUpTo })
  }

  const step = async (storageChainId: number, knownHead?: number): Promise<boolean> => {
    const target = cluster(storageChainId)
    const last = await readLastIndexedBlock(db, storageChainId)
    const tip = await readHighestIndexedBlock(db, storageChainId, last)
    if (tip && !(await stillHeld(target, tip.number, tip.hash))) {
      await rewind(storageChainId, tip.number)
      return true
    }
    const slot = knownHead ?? (await head(storageChainId))
    if (last > slot) {
      // The cluster is behind what was indexed (it restarted from older state) but still holds the tip.
      await rewindBlockActivity(db, storageChainId, tip?.number ?? -1)
      return true
    }
    if (last === slot) return false
    const from = last + 1
    const to = Math.min(slot, last + slotsPerStep)
    const produced = (
      await target.rpc.getBlocks(BigInt(from), BigInt(to), { commitment: 'confirmed' }).send()
    ).map(Number)
    const kept: { number: number; hash: string }[] = []
    const activity: BlockActivity = { transactions: [], transfers: [], participants: [] }
    for (let i = 0; i < produced.length; i += BLOCK_FETCHES_AT_ONCE) {
      const slots = produced.slice(i, i + BLOCK_FETCHES_AT_ONCE)
      const blocks = await Promise.all(slots.map((n) => fetchBlock(target, n)))
      blocks.forEach((block, j) => {
        if (!block || block.transactions.length === 0) return
        const number = slots[j] as number
        kept.push({ number, hash: block.blockhash })
        const rows = solanaBlockActivity(storageChainId, number, block)
        activity.transactions.push(...rows.transactions)
        activity.transfers.push(...rows.transfers)
        activity.participants.push(...rows.participants)
      })
    }
    // false: another writer moved first; the next step reads the new progress.
    await storeBlockActivity(db, storageChainId, {
      parentHash: tip?.hash,
      blocks: kept,
      activity,
      span: { from, to },
    })
    return true
  }

  return createIndexerLoop({
    chainIds: clusters.list.map((entry) => entry.storageChainId),
    step,
    head,
    lastIndexed: (storageChainId) => readLastIndexedBlock(db, storageChainId),
    pollIntervalMs: options.pollIntervalMs ?? 1_000,
    onError: options.onError,
  })
}
