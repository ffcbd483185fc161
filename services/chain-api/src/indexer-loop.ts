import { setTimeout as sleep } from 'node:timers/promises'

export interface ChainIndexer {
  /** Starts following every chain in the background. Idempotent. */
  start(): void
  /** Indexes every chain up to its head as of this call; resolves with the last indexed block per chain. */
  catchUp(): Promise<Record<number, number>>
  /** Highest block stored per chain (-1 before the first). */
  progress(): Promise<Record<number, number>>
  /** Stops polling and waits for a step in flight to finish writing. */
  stop(): Promise<void>
}

export interface IndexerLoopOptions {
  /** The history-table keys of the chains followed. */
  chainIds: readonly number[]
  /** Indexes the next range of a chain up to `head` (its current head when absent); false when in sync. */
  step(chainId: number, head?: number): Promise<boolean>
  /** The chain's current head. */
  head(chainId: number): Promise<number>
  /** The highest block stored for a chain. */
  lastIndexed(chainId: number): Promise<number>
  /** Wait between polls once a chain is caught up. */
  pollIntervalMs: number
  onError?: ((error: unknown, chainId: number) => void) | undefined
}

/**
 * Runs an indexer's steps: one background loop per chain that steps until in sync and then polls, and a
 * `catchUp` for tests and start-up. Steps of one chain never overlap, whoever asks for them.
 */
export function createIndexerLoop(options: IndexerLoopOptions): ChainIndexer {
  const { chainIds, step, pollIntervalMs } = options
  const abort = new AbortController()
  const queues = new Map<number, Promise<unknown>>()
  let loops: Promise<void>[] | undefined

  const exclusive = <T>(chainId: number, work: () => Promise<T>): Promise<T> => {
    const result = (queues.get(chainId) ?? Promise.resolve()).then(work, work)
    queues.set(
      chainId,
      result.catch(() => undefined),
    )
    return result
  }

  const follow = async (chainId: number) => {
    while (!abort.signal.aborted) {
      let advanced = false
      try {
        advanced = await exclusive(chainId, () => step(chainId))
      } catch (error) {
        if (!abort.signal.aborted) options.onError?.(error, chainId)
      }
      if (!advanced) await sleep(pollIntervalMs, undefined, { signal: abort.signal }).catch(() => undefined)
    }
  }

  return {
    start() {
      if (loops || abort.signal.aborted) return
      loops = chainIds.map(follow)
    },
    async catchUp() {
      const entries = await Promise.all(
        chainIds.map(async (chainId) => {
          const head = await options.head(chainId)
          while (await exclusive(chainId, () => step(chainId, head))) {}
          return [chainId, await options.lastIndexed(chainId)] as const
        }),
      )
      return Object.fromEntries(entries)
    },
    async progress() {
      const entries = await Promise.all(
        chainIds.map(async (chainId) => [chainId, await options.lastIndexed(chainId)] as const),
      )
      return Object.fromEntries(entries)
    },
    async stop() {
      abort.abort()
      await Promise.all(loops ?? [])
      await Promise.all(queues.values())
    },
  }
}

/** Several indexers (EVM chains, Solana clusters) as one; their chain keys never overlap. */
export function combineIndexers(...indexers: ChainIndexer[]): ChainIndexer {
  const merge = async (each: (indexer: ChainIndexer) => Promise<Record<number, number>>) =>
    Object.assign({}, ...(await Promise.all(indexers.map(each)))) as Record<number, number>
  return {
    start: () => {
      for (const indexer of indexers) indexer.start()
    },
    catchUp: () => merge((indexer) => indexer.catchUp()),
    progress: () => merge((indexer) => indexer.progress()),
    stop: async () => {
      await Promise.all(indexers.map((indexer) => indexer.stop()))
    },
  }
}
