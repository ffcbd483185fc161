import { fileURLToPath } from 'node:url'
import type { ServiceName } from './serve-arguments.js'

// Each service's package is loaded only when that service starts: a replica serving one service (one
// systemd unit, one process) starts in a third of the time and memory the four packages take.

/** A started service: where it listens and what it keeps its data in. */
export interface RunningService {
  name: ServiceName
  url: string
  details: string[]
  close(): Promise<void>
}

type Env = Record<string, string | undefined>

const FRAME_PAGE_DIR = fileURLToPath(new URL('../../../../packages/frame/dist-page', import.meta.url))

function storage(databaseUrl: string | undefined, dataDir: string | undefined, schema: string): string {
  if (databaseUrl) return `PostgreSQL (schema ${schema})`
  return dataDir ? `PGlite in ${dataDir}` : 'in memory'
}

const CONFIG_LOADERS: Record<ServiceName, () => Promise<(env: Env) => unknown>> = {
  explorer: async () => (await import('@portico/explorer')).loadExplorerConfig,
  'chain-api': async () => (await import('@portico/chain-api')).loadChainApiConfig,
  relay: async () => (await import('@portico/relay')).loadRelayConfig,
  auth: async () => (await import('@portico/auth')).readAuthConfig,
  bundler: async () => (await import('@portico/bundler')).loadBundlerConfig,
  paymaster: async () => (await import('@portico/paymaster')).loadPaymasterConfig,
}

/** What is wrong with one service's settings (its own message, naming each variable), if anything. */
export async function configProblem(name: ServiceName, env: Env): Promise<string | undefined> {
  const load = await CONFIG_LOADERS[name]()
  try {
    load(env)
    return undefined
  } catch (error) {
    return (error as Error).message
  }
}

/** Reads one service's settings from `env` and starts it, listening, as its own main.ts would. */
export async function startService(name: ServiceName, env: Env): Promise<RunningService> {
  switch (name) {
    case 'bundler':
    case 'paymaster':
      return startAccountAbstractionService(name, env)
    case 'explorer': {
      const { createExplorerServer, explorerServerOptions, loadExplorerConfig } = await import(
        '@portico/explorer'
      )
      const config = loadExplorerConfig(env)
      const server = await createExplorerServer(explorerServerOptions(config))
      const url = await server.app.listen({ port: config.port, host: config.host }).catch(async (error) => {
        await server.close()
        throw error
      })
      return {
        name,
        url,
        details: [storage(config.databaseUrl, config.dataDir, 'explorer'), config.redisUrl ? 'Redis' : ''],
        close: () => server.close(),
      }
    }
    case 'chain-api': {
      const { chainApiServerOptions, createChainApiServer, loadChainApiConfig, readChainManifest } =
        await import('@portico/chain-api')
      const config = loadChainApiConfig(env)
      const manifest = await readChainManifest(config.manifestPath)
      const server = await createChainApiServer(chainApiServerOptions(config, manifest))
      const url = await server.app.listen({ port: config.port, host: config.host }).catch(async (error) => {
        await server.close()
        throw error
      })
      return {
        name,
        url,
        details: [
          storage(config.databaseUrl, config.dataDir, 'chain_api'),
          config.redisUrl ? 'Redis' : '',
          `chains ${manifest.chains.map((chain) => chain.chainId).join(', ')}`,
        ],
        close: () => server.close(),
      }
    }
    case 'relay': {
      const { createRelayServer, loadRelayConfig, relayServerOptions } = await import('@portico/relay')
      const config = loadRelayConfig(env)
      const relay = await createRelayServer(relayServerOptions(config))
      return {
        name,
        url: relay.url,
        details: [
          config.redisUrl
            ? 'Redis mailbox and fan-out'
            : storage(config.databaseUrl, config.dataDir, 'relay'),
          config.audiences.length > 0 ? `audiences ${config.audiences.join(', ')}` : '',
        ],
        close: () => relay.close(),
      }
    }
    case 'auth': {
      const { authServerOptions, createAuthServer, readAuthConfig } = await import('@portico/auth')
      const config = readAuthConfig(env)
      const server = await createAuthServer(authServerOptions(config, { framePageDir: FRAME_PAGE_DIR }))
      const url = await server.app.listen({ port: config.port, host: config.host }).catch(async (error) => {
        await server.close()
        throw error
      })
      return {
        name,
        url,
        details: [
          `public ${config.publicUrl}`,
          storage(config.databaseUrl, config.dataDir, 'auth'),
          config.redisUrl ? 'Redis' : '',
          `${config.mode} mode`,
        ],
        close: () => server.close(),
      }
    }
  }
}

/** The ERC-4337 bundler (alto per chain, behind Portico's front) or the ERC-7677 paymaster. */
async function startAccountAbstractionService(
  name: 'bundler' | 'paymaster',
  env: Env,
): Promise<RunningService> {
  if (name === 'bundler') {
    const { createBundlerServer, loadBundlerConfig } = await import('@portico/bundler')
    const config = loadBundlerConfig(env)
    const server = await createBundlerServer({ ...config, log: (line) => console.log(line) })
    const url = await server.app.listen({ port: config.port, host: config.host }).catch(async (error) => {
      await server.close()
      throw error
    })
    const chains = `chains ${config.chains.map((chain) => chain.chainId).join(', ')}`
    return { name, url, details: [chains, 'alto per chain'], close: () => server.close() }
  }
  const { createPaymasterServer, loadPaymasterConfig } = await import('@portico/paymaster')
  const config = loadPaymasterConfig(env)
  const server = await createPaymasterServer(config)
  const url = await server.app.listen({ port: config.port, host: config.host }).catch(async (error) => {
    await server.close()
    throw error
  })
  return {
    name,
    url,
    details: [
      storage(config.databaseUrl, config.dataDir, 'paymaster'),
      config.redisUrl ? 'Redis' : '',
      `${Object.keys(config.policy.projects).length} project(s) sponsored`,
    ],
    close: () => server.close(),
  }
}
