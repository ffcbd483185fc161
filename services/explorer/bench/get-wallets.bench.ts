import { type ChildProcess, spawn } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'

// /getWallets on loopback: `npx tsx services/explorer/bench/get-wallets.bench.ts` from the repo root.
// The service runs in its own process (embedded PGlite, in memory, logging and rate limits off) so the load
// generator does not share its event loop.
const PORT = Number(process.env.BENCH_PORT ?? 3991)
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const HEADERS = { 'x-project-id': 'bench', 'x-sdk-type': 'appkit', 'x-sdk-version': 'html-wagmi-5.1.11' }

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))
const main = fileURLToPath(new URL('../src/main.ts', import.meta.url))

async function startService(walletCacheTtlMs: number): Promise<ChildProcess> {
  const child = spawn(`${repoRoot}node_modules/.bin/tsx`, ['--conditions=portico:source', main], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: {
      ...process.env,
      EXPLORER_PORT: String(PORT),
      EXPLORER_LOG_LEVEL: 'silent',
      EXPLORER_RATE_LIMIT: 'off',
      DATABASE_URL: '',
      PORTICO_DATA_DIR: '',
      EXPLORER_WALLET_CACHE_TTL_MS: String(walletCacheTtlMs),
    },
  })
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      const response = await fetch(`http://127.0.0.1:${PORT}/getAnalyticsConfig`, { headers: HEADERS })
      if (response.ok) return child
    } catch {
      // not listening yet
    }
    await sleep(100)
  }
  child.kill()
  throw new Error('explorer did not start')
}

const queries = [
  { name: 'first page (40)', path: '/getWallets?page=1&entries=40' },
  { name: 'search + chains', path: '/getWallets?page=1&entries=100&search=wa&chains=eip155:1,eip155:8453' },
]
// With the default 5 s answer cache, and with it off (every request runs the SQL on PGlite).
const configurations = [
  { name: 'cache 5 s', walletCacheTtlMs: 5_000 },
  { name: 'no cache', walletCacheTtlMs: 0 },
]

const rows = []
for (const configuration of configurations) {
  const service = await startService(configuration.walletCacheTtlMs)
  try {
    for (const query of queries) {
      const url = `http://127.0.0.1:${PORT}${query.path}`
      // Warm up JIT and caches before measuring.
      await autocannon({ url, headers: HEADERS, duration: 2, connections: CONNECTIONS })
      const result = await autocannon({
        url,
        headers: HEADERS,
        duration: DURATION_S,
        connections: CONNECTIONS,
      })
      rows.push({
        service: configuration.name,
        query: query.name,
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
  }
}
console.log(`GET /getWallets, ${DURATION_S} s per row, ${CONNECTIONS} connections, loopback`)
console.table(rows)
