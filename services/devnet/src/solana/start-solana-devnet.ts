import { randomUUID } from 'node:crypto'
import { mkdir, rm } from 'node:fs/promises'
import { resolve } from 'node:path'
import { LiteSVM } from 'litesvm'
import { clusterStateFile, readClusterState, writeClusterState } from './cluster-state-file.js'
import { SOLANA_CLUSTERS, type SolanaCluster, type SolanaClusterName, solanaClusterUrls } from './clusters.js'
import { SOLANA_DEV_ADDRESSES } from './dev-keys.js'
import { faucetSigner } from './faucet.js'
import { LocalCluster } from './local-cluster.js'
import { seedCluster } from './seed-cluster.js'
import { parseSolanaDevnetOptions, type SolanaDevnetOptions } from './solana-devnet-options.js'
import { startSolanaRpcServer } from './solana-rpc-server.js'
import { TransactionLog } from './transaction-log.js'
import { SOLANA_USDC } from './usdc.js'

export type SolanaDevnetCluster = SolanaCluster & { rpcUrl: string; wsUrl: string }

export type SolanaDevnet = {
  /** Base URL of the server, e.g. http://127.0.0.1:8899. */
  url: string
  clusters: readonly SolanaDevnetCluster[]
  /** JSON-RPC URL of a cluster (http://…/<cluster>); throws for a cluster not served. */
  rpcUrl(cluster: SolanaClusterName): string
  /** WebSocket URL of a cluster (ws://…/<cluster>, same server). */
  wsUrl(cluster: SolanaClusterName): string
  /** Saves every cluster now (also done every few seconds after transactions, and at stop). */
  save(): Promise<void>
  /** Stops the slot timers and the server, and saves state. Idempotent. */
  stop(): Promise<void>
}

/**
 * Starts the local Solana clusters (mainnet-beta, devnet, testnet on litesvm, with their real genesis
 * hashes) behind one JSON-RPC + WebSocket server. Fresh clusters are seeded with funded dev keys and USDC;
 * with a dataDir, each restarts where it stopped (accounts, slot, blockhashes and transaction history).
 */
export async function startSolanaDevnet(options: SolanaDevnetOptions = {}): Promise<SolanaDevnet> {
  const config = parseSolanaDevnetOptions(options)
  const dataDir = config.dataDir === undefined ? undefined : resolve(config.dataDir)
  const log = (line: string) => config.log?.(`[solana-devnet] ${line}`)
  const startedAt = performance.now()
  const faucet = await faucetSigner()
  const delays = { confirmedAfterMs: config.confirmedAfterMs, finalizedAfterMs: config.finalizedAfterMs }

  if (dataDir) {
    // Owner-only, like the rest of the data folder.
    await mkdir(dataDir, { recursive: true, mode: 0o700 })
    if (config.clean) {
      await Promise.all(config.clusters.map((name) => rm(clusterStateFile(dataDir, name), { force: true })))
      log(`clean start: removed saved state from ${dataDir}`)
    }
  }

  const clusters = new Map<string, LocalCluster>()
  const saved = new Map<string, number>()
  for (const name of config.clusters) {
    const cluster = SOLANA_CLUSTERS.find((c) => c.name === name) as SolanaCluster
    const state = dataDir
      ? await readClusterState(clusterStateFile(dataDir, name), cluster.genesisHash)
      : undefined
    let local: LocalCluster
    if (state) {
      local = new LocalCluster(
        cluster,
        LiteSVM.fromBytes(Buffer.from(state.svm, 'base64')),
        new TransactionLog(state.transactions),
        { slot: state.slot, blockhashes: state.blockhashes, blockhashSeed: state.blockhashSeed },
        delays,
        faucet,
      )
      log(`${name}: restored at slot ${state.slot} with ${state.transactions.length} transaction(s)`)
    } else {
      const svm = new LiteSVM()
      const clock = svm.getClock()
      clock.unixTimestamp = BigInt(Math.floor(Date.now() / 1000))
      svm.setClock(clock)
      await seedCluster(svm, faucet.address)
      local = new LocalCluster(
        cluster,
        svm,
        new TransactionLog(),
        { slot: 0, blockhashes: [], blockhashSeed: `${cluster.genesisHash}:${randomUUID()}` },
        delays,
        faucet,
      )
      log(`${name}: new cluster, ${SOLANA_DEV_ADDRESSES.length} dev keys funded with SOL and USDC`)
    }
    saved.set(name, state ? local.revision : -1)
    clusters.set(name, local)
  }

  const server = await startSolanaRpcServer({
    host: config.host,
    port: config.port,
    clusters,
    describe: (baseUrl) => ({
      name: 'portico-solana-devnet',
      clusters: SOLANA_CLUSTERS.filter((c) => clusters.has(c.name)).map((c) => ({
        ...c,
        ...solanaClusterUrls(baseUrl, c.name),
      })),
      usdc: SOLANA_USDC,
      devKeys: SOLANA_DEV_ADDRESSES,
    }),
    onInternalError: (error) => log(`internal error: ${(error as Error)?.stack ?? String(error)}`),
    alsoOnNextPort: {
      onUnavailable: (port) =>
        log(`port ${port} is taken: web3.js 1.x clients need wsEndpoint set explicitly`),
    },
  })
  for (const cluster of clusters.values()) cluster.startSlotTimer(config.slotMs)

  let saving: Promise<void> = Promise.resolve()
  const save = (force: boolean) => {
    saving = saving
      .catch(() => {})
      .then(async () => {
        if (!dataDir) return
        for (const [name, cluster] of clusters) {
          if (!force && saved.get(name) === cluster.revision) continue
          const revision = cluster.revision
          const snapshot = cluster.snapshot()
          await writeClusterState(clusterStateFile(dataDir, name), {
            version: 1,
            cluster: name,
            genesisHash: cluster.cluster.genesisHash,
            slot: snapshot.slot,
            blockhashSeed: snapshot.blockhashSeed,
            blockhashes: snapshot.blockhashes,
            svm: Buffer.from(snapshot.svm).toString('base64'),
            transactions: [...snapshot.transactions],
          })
          saved.set(name, revision)
        }
      })
    return saving
  }
  // A fresh cluster is written at once, so a crash before the first transaction keeps its seed.
  await save(false)
  const saveTimer = setInterval(() => {
    save(false).catch((error: unknown) => log(`saving state failed: ${String(error)}`))
  }, config.saveIntervalMs)
  saveTimer.unref()

  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= (async () => {
      clearInterval(saveTimer)
      for (const cluster of clusters.values()) cluster.stopSlotTimer()
      await server.close()
      await save(true)
      log(`stopped${dataDir ? `; state saved in ${dataDir}` : ''}`)
    })()
    return stopping
  }

  const served = SOLANA_CLUSTERS.filter((c) => clusters.has(c.name)).map((c) => ({
    ...c,
    ...solanaClusterUrls(server.url, c.name),
  }))
  const find = (name: SolanaClusterName) => {
    const cluster = served.find((c) => c.name === name)
    if (!cluster) throw new RangeError(`cluster ${name} is not served by this Solana devnet`)
    return cluster
  }
  log(
    `ready at ${server.url} in ${Math.round(performance.now() - startedAt)} ms (${served.map((c) => c.name).join(', ')}; ` +
      `slot ${config.slotMs} ms, confirmed after ${config.confirmedAfterMs} ms, finalized after ${config.finalizedAfterMs} ms)`,
  )
  return {
    url: server.url,
    clusters: served,
    rpcUrl: (name) => find(name).rpcUrl,
    wsUrl: (name) => find(name).wsUrl,
    save: () => save(true),
    stop,
  }
}
