import { serviceCors } from '@portico/http-kit'
import Fastify, { type FastifyInstance } from 'fastify'
import type { Address, Hex } from 'viem'
import { type AltoProcess, spawnAlto } from './alto-process.js'
import type { AltoChainSettings } from './alto-settings.js'
import { bundlerRequestSchema, isBundlerMethod, RPC_ERRORS, rpcError } from './bundler-rpc.js'

export type BundlerChain = { chainId: number; rpcUrl: string }

export type BundlerServerOptions = {
  host: string
  chains: readonly BundlerChain[]
  entryPoints: readonly Address[]
  executorPrivateKey: Hex
  /** Allowed dApp origins for browser calls; unset: local origins only. */
  corsOrigins?: readonly string[] | undefined
  blockTimeMs?: number
  startTimeoutMs?: number
  altoLogLevel?: AltoChainSettings['logLevel']
  logLevel?: string
  log?: (line: string) => void
}

export type BundlerServer = {
  app: FastifyInstance
  /** Starts a chain's bundler now instead of at its first request. */
  warm(chainId: number): Promise<void>
  /** The chains whose bundler is running. */
  running(): number[]
  close(): Promise<void>
}

/**
 * The bundler front: `POST /<chainId>` takes an ERC-4337 JSON-RPC request and passes it to that chain's
 * alto, started at the chain's first request (each alto is a Node process of ~180 MB, so chains nobody
 * sends operations on cost nothing) and started again at the next request if it exits.
 */
export async function createBundlerServer(options: BundlerServerOptions): Promise<BundlerServer> {
  const log = options.log ?? (() => {})
  const chains = new Map(options.chains.map((chain) => [chain.chainId, chain]))
  const altos = new Map<number, Promise<AltoProcess>>()
  let closing = false

  const altoFor = (chainId: number, chain: BundlerChain): Promise<AltoProcess> => {
    const existing = altos.get(chainId)
    if (existing) return existing
    const started = spawnAlto({
      chainId,
      rpcUrl: chain.rpcUrl,
      host: options.host,
      entryPoints: options.entryPoints,
      executorPrivateKey: options.executorPrivateKey,
      blockTimeMs: options.blockTimeMs ?? 250,
      logLevel: options.altoLogLevel ?? 'warn',
      startTimeoutMs: options.startTimeoutMs ?? 60_000,
    })
    altos.set(chainId, started)
    started.then(
      (alto) => {
        log(`[bundler] chain ${chainId}: alto (pid ${alto.pid}) ready`)
        void alto.exited.then((exit) => {
          altos.delete(chainId)
          if (!closing)
            log(
              `[bundler] chain ${chainId}: alto exited (code ${exit.code}, signal ${exit.signal}); it starts again at the next request. Last output:\n  ${alto.outputTail().join('\n  ')}`,
            )
        })
      },
      (error: unknown) => {
        altos.delete(chainId)
        log(`[bundler] chain ${chainId}: ${String(error)}`)
      },
    )
    return started
  }

  const app = Fastify({ logger: { level: options.logLevel ?? 'warn' }, bodyLimit: 256 * 1024 })
  await app.register(serviceCors, { origins: options.corsOrigins, allowedHeaders: ['content-type'] })

  app.get('/', async () => ({
    chains: [...chains.keys()].map((chainId) => ({ chainId, entryPoints: options.entryPoints })),
  }))

  app.post<{ Params: { chainId: string } }>('/:chainId', async (request, reply) => {
    const parsed = bundlerRequestSchema.safeParse(request.body)
    if (!parsed.success)
      return reply
        .code(400)
        .send(rpcError(null, RPC_ERRORS.invalidRequest, 'expected one JSON-RPC 2.0 request (no batches)'))
    const { id, method } = parsed.data
    if (!isBundlerMethod(method))
      return reply.send(rpcError(id, RPC_ERRORS.methodNotFound, `the bundler does not offer ${method}`))
    const chainId = Number(request.params.chainId)
    const chain = chains.get(chainId)
    if (!chain)
      return reply
        .code(404)
        .send(rpcError(id, RPC_ERRORS.unavailable, `no bundler for chain ${request.params.chainId}`))
    let alto: AltoProcess
    try {
      alto = await altoFor(chainId, chain)
    } catch {
      return reply
        .code(503)
        .send(rpcError(id, RPC_ERRORS.unavailable, `the bundler for chain ${chainId} could not start`))
    }
    try {
      const upstream = await fetch(alto.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(parsed.data),
        signal: AbortSignal.timeout(60_000),
      })
      return reply
        .code(upstream.ok ? 200 : 502)
        .type('application/json')
        .send(await upstream.text())
    } catch {
      return reply
        .code(503)
        .send(rpcError(id, RPC_ERRORS.unavailable, `the bundler for chain ${chainId} is not reachable`))
    }
  })

  return {
    app,
    warm: async (chainId) => {
      const chain = chains.get(chainId)
      if (!chain) throw new RangeError(`no bundler for chain ${chainId}`)
      await altoFor(chainId, chain)
    },
    running: () => [...altos.keys()],
    close: async () => {
      closing = true
      await app.close()
      const started = await Promise.allSettled([...altos.values()])
      await Promise.all(
        started.map((result) => (result.status === 'fulfilled' ? result.value.stop() : undefined)),
      )
    },
  }
}
