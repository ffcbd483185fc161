import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { DEV_ACCOUNTS, devToken, startDevnet } from '@portico/devnet'
import autocannon from 'autocannon'
import pg from 'pg'
import { encodeFunctionData, erc20Abi, toHex } from 'viem'
import { createChainApiServer } from '../src/index.js'

// `npx tsx --conditions=portico:source services/chain-api/bench/chain-api.bench.ts` from the repo root.
// 1. HTTP: balance and history on loopback, the service in its own process (embedded PGlite in memory,
//    logging off) so the load generator does not share its event loop.
// 2. Indexer catch-up: blocks per second from block 0 to a head of ~2,000 blocks that each hold a transfer.
const PORT = Number(process.env.BENCH_PORT ?? 3992)
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 2_000)
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))
const main = fileURLToPath(new URL('../src/main.ts', import.meta.url))
const [SENDER, RECEIVER] = DEV_ACCOUNTS
const USDC = devToken('USDC')

const devnet = await startDevnet({ port: 0, chainIds: [1] })
const rpcUrl = devnet.rpcUrl(1)

async function rpc(body: unknown): Promise<unknown> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return response.json()
}

/**
 * One block per transaction: anvil automines each one. Sent one at a time from the unlocked dev account
 * (anvil signs), because anvil runs a batch's members concurrently and their nonces would collide.
 */
async function mineTransferBlocks(count: number) {
  const transferData = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECEIVER, 1n] })
  for (let i = 0; i < count; i++) {
    // Alternate a native transfer and a USDC transfer.
    const tx =
      i % 2 === 0
        ? { from: SENDER, to: RECEIVER, value: toHex(1_000n + BigInt(i)) }
        : { from: SENDER, to: USDC.address, data: transferData }
    const answer = (await rpc({ jsonrpc: '2.0', id: i, method: 'eth_sendTransaction', params: [tx] })) as {
      error?: unknown
    }
    if (answer.error) throw new Error(`eth_sendTransaction failed: ${JSON.stringify(answer.error)}`)
  }
}

const started = performance.now()
await mineTransferBlocks(BLOCKS)
const head = Number(
  BigInt(((await rpc({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' })) as { result: string }).result),
)
console.log(
  `mined ${BLOCKS} blocks with a transfer each in ${Math.round(performance.now() - started)} ms; head ${head}`,
)

// --- Indexer catch-up ---
const catchUpRows = []
const pgAdmin = new pg.Client({ connectionString: POSTGRES_URL })
await pgAdmin.connect()
const schema = `chain_api_bench_${randomUUID().replaceAll('-', '')}`
await pgAdmin.query(`create schema ${schema}`)
const dataDir = await mkdtemp(join(tmpdir(), 'chain-api-bench-'))
try {
  const stores = [
    { name: 'PGlite in memory', options: {} },
    { name: 'PGlite on disk', options: { dataDir } },
    {
      name: 'PostgreSQL',
      options: { databaseUrl: `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}` },
    },
  ]
  for (const store of stores) {
    const server = await createChainApiServer({
      manifest: devnet.manifest,
      indexer: false,
      ...store.options,
    })
    try {
      const t0 = performance.now()
      const reached = (await server.indexer.catchUp())[1] ?? -1
      const seconds = (performance.now() - t0) / 1000
      catchUpRows.push({
        store: store.name,
        blocks: reached + 1,
        seconds: Number(seconds.toFixed(2)),
        'blocks/s': Math.round((reached + 1) / seconds),
      })
    } finally {
      await server.close()
    }
  }
} finally {
  await pgAdmin.query(`drop schema if exists ${schema} cascade`)
  await pgAdmin.end()
  await rm(dataDir, { recursive: true, force: true })
}

// --- HTTP latency and throughput ---
// The service process reads the devnet's manifest from a file, as a standalone chain API does.
const manifestDir = await mkdtemp(join(tmpdir(), 'chain-api-bench-manifest-'))
const manifestPath = join(manifestDir, 'deployed.json')
await writeFile(manifestPath, JSON.stringify(devnet.manifest))

async function startService(): Promise<ChildProcess> {
  const child = spawn(`${repoRoot}node_modules/.bin/tsx`, ['--conditions=portico:source', main], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: {
      ...process.env,
      CHAIN_API_PORT: String(PORT),
      CHAIN_API_LOG_LEVEL: 'silent',
      // Throughput, not the per-address budget, is measured: all load comes from 127.0.0.1.
      CHAIN_API_RATE_LIMIT: 'off',
      CHAIN_API_MANIFEST: manifestPath,
      DATABASE_URL: '',
      PORTICO_DATA_DIR: '',
    },
  })
  // Ready once the indexer has filled the receiver's first history page.
  const probe = `http://127.0.0.1:${PORT}/v1/account/${RECEIVER}/history?projectId=bench&chainId=eip155:1`
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      const response = await fetch(probe)
      if (response.ok && ((await response.json()) as { next: string | null }).next) return child
    } catch {
      // not listening yet
    }
    await sleep(100)
  }
  child.kill()
  throw new Error('chain API did not start')
}

const httpRows = []
const service = await startService()
try {
  const base = `http://127.0.0.1:${PORT}/v1/account/${RECEIVER}`
  const routes = [
    { name: 'balance (3 s cache)', path: `${base}/balance?projectId=bench&currency=usd&chainId=eip155:1` },
    {
      name: 'balance forceUpdate (chain read)',
      path: `${base}/balance?projectId=bench&currency=usd&chainId=eip155:1&forceUpdate=true`,
    },
    { name: 'history first page (50)', path: `${base}/history?projectId=bench&chainId=eip155:1` },
  ]
  for (const route of routes) {
    await autocannon({ url: route.path, duration: 2, connections: CONNECTIONS })
    const result = await autocannon({ url: route.path, duration: DURATION_S, connections: CONNECTIONS })
    httpRows.push({
      route: route.name,
      'req/s (avg)': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
    })
  }
} finally {
  service.kill('SIGTERM')
  await new Promise((resolve) => service.once('exit', resolve))
  await devnet.stop()
  await rm(manifestDir, { recursive: true, force: true })
}

console.log(`Indexer catch-up from block 0 (${BLOCKS} blocks with one transfer each, plus the seed blocks)`)
console.table(catchUpRows)
console.log(`HTTP on loopback, ${DURATION_S} s per row, ${CONNECTIONS} connections`)
console.table(httpRows)
