/**
 * Throughput and latency of Portico's backend services on loopback, with autocannon.
 *
 *   npm run bench:services            (inside bench/)
 *   BENCH_DURATION=10 BENCH_CONNECTIONS=10 npm run bench:services
 *
 * Each service runs in a child process (this file with --child <name>), so the load generator does not
 * share the service's event loop. The explorer is started with createExplorerServer (embedded PGlite, in
 * memory, seeded registry, logging and rate limits off, the default 5 s answer cache).
 * The chain API's RPC gateway is also timed call by call (one request at a time, so no queueing): the same
 * JSON-RPC call sent straight to the devnet and through the gateway, interleaved, p50/p99 in microseconds;
 * the difference is the gateway's overhead. Swap quotes (`/v1/convert/quotes`, Router02's getAmountsOut over
 * three candidate paths, read fresh each time) are loaded with autocannon and timed one at a time too.
 * Writes results/services-latest.json.
 */
import { type ChildProcess, fork } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'

const here = fileURLToPath(new URL('.', import.meta.url))
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10)
const WARMUP_S = 2
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
/** Calls per latency probe (after a warm-up of a tenth as many). */
const PROBE_CALLS = Number(process.env.BENCH_PROBE_CALLS ?? 3000)

/** The headers every explorer API call must carry. */
const PROJECT_HEADERS = { 'x-project-id': 'portico-bench', 'x-sdk-type': 'portico', 'x-sdk-version': '0.1.0' }

interface Target {
  name: string
  path: string
  headers?: Record<string, string>
}

/** One call timed call by call (a POST with `body`, else a GET); `url` is absolute. */
interface Probe {
  name: string
  url: string
  body?: string
  headers: Record<string, string>
}

interface Started {
  port: number
  /** Further URLs the service's probes need (the devnet's, say). */
  urls?: Record<string, string>
  close(): Promise<void>
}

interface ServiceSpec {
  name: string
  /** Starts the service on 127.0.0.1 (port 0) inside the child process; resolves to its port. */
  start?: () => Promise<Started>
  targets: Target[]
  /** Calls timed one at a time, interleaved, given the service's base URL and further URLs. */
  probes?: (base: string, urls: Record<string, string>) => Probe[]
  /** Why the service is skipped, when it has no start function yet. */
  todo?: string
}

// The first dev account of the standard test mnemonic: funded on the devnet.
const DEV_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
// Devnet tokens (the same addresses on every chain) as CAIP-10 on chain 1; the native one is 0xeeee….
const ETH_ID = 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const USDC_ID = 'eip155:1:0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35'
const WBTC_ID = 'eip155:1:0xA15BB66138824a1c7167f5E85b957d04Dd34E468'
const UNI_ID = 'eip155:1:0x8ce361602B935680E8DeC218b820ff5056BeB7af'
const quotePath = (from: string, to: string, amount: string) =>
  `/v1/convert/quotes?projectId=bench&amount=${amount}&userAddress=${DEV_ADDRESS}&from=${from}&to=${to}&gasPrice=1000000000`

const SERVICES: ServiceSpec[] = [
  {
    name: 'explorer',
    start: async () => {
      const { createExplorerServer } = await import('../services/explorer/src/index.ts')
      const server = await createExplorerServer({ rateLimit: false, logger: false })
      await server.app.listen({ host: '127.0.0.1', port: 0 })
      return { port: (server.app.server.address() as AddressInfo).port, close: () => server.close() }
    },
    targets: [
      {
        name: '/getWallets first page (40)',
        path: '/getWallets?page=1&entries=40',
        headers: PROJECT_HEADERS,
      },
      {
        name: '/getWallets search + chains (100)',
        path: '/getWallets?page=1&entries=100&search=wa&chains=eip155:1,eip155:8453',
        headers: PROJECT_HEADERS,
      },
    ],
  },
  {
    name: 'chain-api',
    start: async () => {
      const { startDevnet } = await import('../services/devnet/src/index.ts')
      const { createChainApiServer } = await import('../services/chain-api/src/index.ts')
      const devnet = await startDevnet({ port: 0, chainIds: [1] })
      // Rate limits off: the bench measures the service, not its budgets.
      const server = await createChainApiServer({
        manifest: devnet.manifest,
        chainIds: [1],
        indexer: false,
        rateLimit: false,
      })
      await server.app.listen({ host: '127.0.0.1', port: 0 })
      return {
        port: (server.app.server.address() as AddressInfo).port,
        urls: { devnet: devnet.rpcUrl(1) },
        close: async () => {
          await server.close()
          await devnet.stop()
        },
      }
    },
    targets: [
      {
        name: '/v1/account/{address}/balance (3 s cache)',
        path: `/v1/account/${DEV_ADDRESS}/balance?projectId=bench&currency=usd&chainId=eip155:1`,
        headers: {},
      },
      {
        name: '/v1/account/{address}/balance forceUpdate',
        path: `/v1/account/${DEV_ADDRESS}/balance?projectId=bench&currency=usd&chainId=eip155:1&forceUpdate=true`,
        headers: {},
      },
      {
        name: '/v1/convert/quotes 1 ETH → USDC',
        path: quotePath(ETH_ID, USDC_ID, '1000000000000000000'),
        headers: {},
      },
      {
        name: '/v1/convert/quotes 0.01 WBTC → UNI',
        path: quotePath(WBTC_ID, UNI_ID, '1000000'),
        headers: {},
      },
    ],
    probes: (base, urls) => {
      const json = { 'content-type': 'application/json' }
      const call = (method: string, params: unknown[] = []) =>
        JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })
      // Each probe its own projectId, so the gateway's per-project budget (30,000 calls a minute) holds.
      const gateway = (project: string) => `${base}/v1/?chainId=eip155:1&projectId=bench-${project}`
      const balance = call('eth_getBalance', [DEV_ADDRESS, 'latest'])
      return [
        { name: 'eth_getBalance direct to the devnet', url: urls.devnet ?? '', body: balance, headers: json },
        { name: 'eth_getBalance through the gateway', url: gateway('balance'), body: balance, headers: json },
        {
          name: 'eth_chainId direct to the devnet',
          url: urls.devnet ?? '',
          body: call('eth_chainId'),
          headers: json,
        },
        {
          name: 'eth_chainId through the gateway (cached)',
          url: gateway('chain-id'),
          body: call('eth_chainId'),
          headers: json,
        },
        {
          name: 'swap quote 1 ETH → USDC',
          url: `${base}${quotePath(ETH_ID, USDC_ID, '1000000000000000000')}`,
          headers: {},
        },
        {
          name: 'swap quote 0.01 WBTC → UNI',
          url: `${base}${quotePath(WBTC_ID, UNI_ID, '1000000')}`,
          headers: {},
        },
      ]
    },
  },
]

interface ProbeRow {
  service: string
  probe: string
  'p50 µs': number
  'p99 µs': number
  calls: number
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN

/** Times each probe's call PROBE_CALLS times, one call at a time, taking turns so they share conditions. */
async function timeProbes(service: string, probes: Probe[]): Promise<ProbeRow[]> {
  const send = async (probe: Probe) => {
    const response = await fetch(
      probe.url,
      probe.body === undefined
        ? { headers: probe.headers }
        : { method: 'POST', headers: probe.headers, body: probe.body },
    )
    const text = await response.text()
    if (!response.ok || text.includes('"error"'))
      throw new Error(`${probe.name}: HTTP ${response.status} ${text}`)
  }
  for (let i = 0; i < Math.ceil(PROBE_CALLS / 10); i++) for (const probe of probes) await send(probe)
  const samples = probes.map(() => [] as number[])
  for (let i = 0; i < PROBE_CALLS; i++) {
    for (const [index, probe] of probes.entries()) {
      const start = performance.now()
      await send(probe)
      samples[index]?.push((performance.now() - start) * 1000)
    }
  }
  return probes.map((probe, index) => {
    const sorted = (samples[index] ?? []).sort((a, b) => a - b)
    return {
      service,
      probe: probe.name,
      'p50 µs': Math.round(percentile(sorted, 50)),
      'p99 µs': Math.round(percentile(sorted, 99)),
      calls: sorted.length,
    }
  })
}

// ---------- child: run one service ----------

async function child(name: string) {
  const spec = SERVICES.find((service) => service.name === name)
  if (!spec?.start) throw new Error(`no start function for ${name}`)
  const service = await spec.start()
  const stop = async () => {
    await service.close()
    process.exit(0)
  }
  process.on('SIGTERM', stop)
  process.on('disconnect', stop)
  process.send?.({ port: service.port, urls: service.urls ?? {} })
}

function startChild(
  name: string,
): Promise<{ port: number; urls: Record<string, string>; process: ChildProcess }> {
  const worker = fork(fileURLToPath(import.meta.url), ['--child', name], { stdio: 'inherit' })
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 60 s`)), 60_000)
    worker.once('message', (message: { port: number; urls: Record<string, string> }) => {
      clearTimeout(timer)
      resolve({ port: message.port, urls: message.urls, process: worker })
    })
    worker.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)))
  })
}

// ---------- parent: load each target ----------

interface Row {
  service: string
  target: string
  'req/s': number
  'p50 ms': number
  'p99 ms': number
  requests: number
  non2xx: number
  errors: number
}

async function main() {
  const rows: Row[] = []
  const probeRows: ProbeRow[] = []
  const skipped: string[] = []
  for (const spec of SERVICES) {
    if (!spec.start) {
      skipped.push(`${spec.name}: skipped, ${spec.todo ?? 'no start function'}`)
      continue
    }
    const { port, urls, process: worker } = await startChild(spec.name)
    try {
      for (const target of spec.targets) {
        const url = `http://127.0.0.1:${port}${target.path}`
        const check = await fetch(url, { headers: target.headers })
        if (!check.ok)
          throw new Error(`${spec.name} ${target.path}: HTTP ${check.status} ${await check.text()}`)
        await autocannon({ url, headers: target.headers, duration: WARMUP_S, connections: CONNECTIONS })
        const result = await autocannon({
          url,
          headers: target.headers,
          duration: DURATION_S,
          connections: CONNECTIONS,
        })
        rows.push({
          service: spec.name,
          target: target.name,
          'req/s': Math.round(result.requests.average),
          'p50 ms': result.latency.p50,
          'p99 ms': result.latency.p99,
          requests: result.requests.total,
          non2xx: result.non2xx,
          errors: result.errors,
        })
      }
      if (spec.probes)
        probeRows.push(...(await timeProbes(spec.name, spec.probes(`http://127.0.0.1:${port}`, urls))))
    } finally {
      worker.removeAllListeners('exit')
      worker.kill('SIGTERM')
    }
  }
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${DURATION_S} s per target (after ${WARMUP_S} s warm-up)`,
  )
  console.table(rows)
  if (probeRows.length > 0) {
    console.log(`One call at a time, ${PROBE_CALLS} calls per probe, taking turns:`)
    console.table(probeRows)
  }
  for (const line of skipped) console.log(line)
  await mkdir(join(here, 'results'), { recursive: true })
  await writeFile(
    join(here, 'results/services-latest.json'),
    `${JSON.stringify({ date: new Date().toISOString(), connections: CONNECTIONS, durationS: DURATION_S, rows, probeCalls: PROBE_CALLS, probes: probeRows, skipped }, null, 2)}\n`,
  )
}

const childIndex = process.argv.indexOf('--child')
if (childIndex >= 0) await child(process.argv[childIndex + 1] ?? '')
else await main()
