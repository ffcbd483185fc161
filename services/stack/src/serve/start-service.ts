import { fileURLToPath } from 'node:url'
import { createAuthServer, readAuthConfig } from '@portico/auth'
import { createChainApiServer, loadChainApiConfig, readChainManifest } from '@portico/chain-api'
import { createExplorerServer, loadExplorerConfig } from '@portico/explorer'
import { createRelayServer, jsonLineLogger, loadRelayConfig } from '@portico/relay'
import { privateKeyToAccount } from 'viem/accounts'
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
const fastifyLogger = (level: string) => (level === 'silent' ? false : { level })

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
      const server = await createExplorerServer({
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        logger: fastifyLogger(config.logLevel),
        rateLimit: config.rateLimit,
        redisUrl: config.redisUrl,
        corsOrigins: config.corsOrigins,
        analyticsEnabled: config.analyticsEnabled,
        publicUrl: config.publicUrl,
        walletCacheTtlMs: config.walletCacheTtlMs,
        trustProxy: config.trustProxy,
      })
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
      const server = await createChainApiServer({
        manifest,
        chainIds: config.chainIds,
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        logger: fastifyLogger(config.logLevel),
        corsOrigins: config.corsOrigins,
        explorerUrl: config.explorerUrl,
        indexer: config.indexer,
        rateLimit: config.rateLimit,
        redisUrl: config.redisUrl,
        trustProxy: config.trustProxy,
        onramp: {
          sandboxFunder: config.onrampSandboxPrivateKey
            ? privateKeyToAccount(config.onrampSandboxPrivateKey)
            : undefined,
          coinbaseAppId: config.coinbaseOnrampAppId,
        },
      })
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
      const relay = await createRelayServer({
        port: config.port,
        host: config.host,
        dataDir: config.dataDir,
        databaseUrl: config.databaseUrl,
        redisUrl: config.redisUrl,
        ...(config.redisKeyPrefix ? { redisKeyPrefix: config.redisKeyPrefix } : {}),
        audiences: config.audiences,
        maxMessageBytes: config.maxMessageBytes,
        pingIntervalMs: config.pingIntervalMs,
        limits: config.limits,
        trustProxy: config.trustProxy,
        logger: jsonLineLogger(config.logLevel),
      })
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
      const server = await createAuthServer({
        mode: config.mode,
        publicUrl: config.publicUrl,
        dataDir: config.dataDir,
        databaseUrl: config.databaseUrl,
        redisUrl: config.redisUrl,
        smtpUrl: config.smtpUrl,
        smtpPort: config.smtpPort,
        ...(config.mailFrom ? { mailFrom: config.mailFrom } : {}),
        masterKey: config.masterKey,
        allowedOrigins: config.allowedOrigins,
        framePageDir: config.framePageDir ?? FRAME_PAGE_DIR,
        rpcUrlTemplate: config.rpcUrlTemplate,
        solanaRpcUrlTemplate: config.solanaRpcUrlTemplate,
        chainIds: config.chainIds,
        providers: config.providers,
        standInProviders: config.standInProviders,
        localFarcaster: config.localFarcaster,
        rateLimit: config.rateLimit,
        trustProxy: config.trustProxy,
        logger: fastifyLogger(config.logLevel),
      })
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
