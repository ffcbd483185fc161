import { fileURLToPath } from 'node:url'
import { authServerOptions, createAuthServer, readAuthConfig } from '@portico/auth'
import {
  chainApiServerOptions,
  createChainApiServer,
  loadChainApiConfig,
  readChainManifest,
} from '@portico/chain-api'
import { createExplorerServer, explorerServerOptions, loadExplorerConfig } from '@portico/explorer'
import { createRelayServer, loadRelayConfig, relayServerOptions } from '@portico/relay'
import type { ServiceName } from './serve-arguments.js'

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

const CONFIG_LOADERS: Record<ServiceName, (env: Env) => unknown> = {
  explorer: loadExplorerConfig,
  'chain-api': loadChainApiConfig,
  relay: loadRelayConfig,
  auth: readAuthConfig,
}

/** What is wrong with one service's settings (its own message, naming each variable), if anything. */
export function configProblem(name: ServiceName, env: Env): string | undefined {
  try {
    CONFIG_LOADERS[name](env)
    return undefined
  } catch (error) {
    return (error as Error).message
  }
}

/** Reads one service's settings from `env` and starts it, listening, as its own main.ts would. */
export async function startService(name: ServiceName, env: Env): Promise<RunningService> {
  switch (name) {
    case 'explorer': {
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
