import { rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createAuthServer, custodyNotice, DEMO_PROJECT_ID } from '@portico/auth'
import { createChainApiServer } from '@portico/chain-api'
import {
  type Devnet,
  devAccount,
  type SolanaDevnet,
  solanaChainApiManifest,
  startDevnet,
  startSolanaDevnet,
} from '@portico/devnet'
import { createExplorerServer } from '@portico/explorer'
import { createRelayServer } from '@portico/relay'
import { demoSiweRoutes } from './demo-siwe-routes.js'
import { preparePrivateDataDir } from './private-data-dir.js'
import type { StackConfig } from './stack-config.js'
import { startAccountAbstraction } from './start-account-abstraction.js'
import { startStaticSite } from './static-site.js'

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))

export interface StackUrls {
  demo: string
  explorer: string
  chainApi: string
  relay: string
  wallet: string
  devnet: string
  /** The local Solana clusters: JSON-RPC and WebSocket at `<solanaDevnet>/<cluster>` (mainnet-beta, devnet, testnet). */
  solanaDevnet: string
  /** The auth service (wallet frame, e-mail and social sign-in), addressed as localhost: another site than the demo. */
  auth: string
  /** The captured OTP mail, readable in a browser. */
  inbox: string
  /** The ERC-4337 bundler: `POST <bundler>/<chainId>`. */
  bundler: string
  /** The ERC-7677 paymaster: `POST <paymaster>/<projectId>`. */
  paymaster: string
}

/** Extra runtime settings for the demo page (tests shorten the wallet time-out, for instance). */
export interface DemoEnv {
  rpcTimeoutMs?: number
}

export interface StartStackOptions {
  log?: (line: string) => void
  demoEnv?: DemoEnv
}

export interface Stack {
  urls: StackUrls
  devnet: Devnet
  solanaDevnet: SolanaDevnet
  stop(): Promise<void>
}

/** The runtime config the demo page reads, so ports changed by env reach the browser. */
function demoHead(
  config: StackConfig,
  urls: Omit<StackUrls, 'demo' | 'inbox' | 'bundler'>,
  extra: DemoEnv,
): string {
  const env = {
    ...extra,
    devnetUrl: urls.devnet,
    solanaDevnetUrl: urls.solanaDevnet,
    explorerUrl: urls.explorer,
    chainApiUrl: urls.chainApi,
    relayUrl: urls.relay,
    authUrl: urls.auth,
    paymasterUrl: `${urls.paymaster}/${DEMO_PROJECT_ID}`,
  }
  let html = `<script>window.__PORTICO_ENV__=${JSON.stringify(env)}</script>`
  if (config.testWallet) {
    html += `\n<script>window.__PORTICO_TEST_WALLET__=${JSON.stringify({ rpcBase: urls.devnet, solanaRpcBase: urls.solanaDevnet })}</script>`
    html += `\n<script src="${urls.wallet}/inject.js"></script>`
  }
  return html
}

/** Starts every service of the local stack in this process; `stop()` ends them all. */
export async function startStack(config: StackConfig, options: StartStackOptions = {}): Promise<Stack> {
  const log = options.log ?? (() => {})
  const stops: Array<() => Promise<unknown>> = []
  const stop = async () => {
    for (const stopOne of stops.reverse()) await stopOne().catch(() => {})
    stops.length = 0
  }
  try {
    if (config.dataDir) await preparePrivateDataDir(config.dataDir)
    const devnet = await startDevnet({
      host: config.host,
      port: config.ports.devnet,
      dataDir: config.dataDir && join(config.dataDir, 'devnet'),
      clean: config.clean,
      log,
    })
    stops.push(() => devnet.stop())
    const solanaDevnet = await startSolanaDevnet({
      host: config.host,
      port: config.ports.solanaDevnet ?? 8899,
      dataDir: config.dataDir && join(config.dataDir, 'solana'),
      clean: config.clean,
      log,
    })
    stops.push(() => solanaDevnet.stop())
    if (config.clean && config.dataDir)
      await rm(join(config.dataDir, 'paymaster'), { recursive: true, force: true })
    const accountAbstraction = await startAccountAbstraction({
      host: config.host,
      ports: { bundler: config.ports.bundler ?? 3006, paymaster: config.ports.paymaster ?? 3007 },
      devnet,
      paymasterPolicy: config.paymasterPolicy,
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      log,
    })
    stops.push(() => accountAbstraction.stop())

    if (config.clean && config.dataDir)
      await rm(join(config.dataDir, 'explorer'), { recursive: true, force: true })
    const explorer = await createExplorerServer({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      redisUrl: config.redisUrl,
    })
    stops.push(() => explorer.close())
    const explorerUrl = await explorer.app.listen({ host: config.host, port: config.ports.explorer })
    log(`[explorer] ready at ${explorerUrl} (${config.databaseUrl ? 'PostgreSQL' : 'PGlite'})`)

    if (config.clean && config.dataDir)
      await rm(join(config.dataDir, 'chain-api'), { recursive: true, force: true })
    // The chain API serves what the devnets report: the EVM chains, their RPC URLs and tokens, and the
    // Solana clusters with SOL and USDC.
    const chainApi = await createChainApiServer({
      manifest: { ...devnet.manifest, solana: solanaChainApiManifest(solanaDevnet) },
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      explorerUrl,
      redisUrl: config.redisUrl,
      // The sandbox on-ramp pays purchases out of dev account 6, which nothing else spends from.
      onramp: { sandboxFunder: devAccount(6), coinbaseAppId: config.coinbaseOnrampAppId },
    })
    stops.push(() => chainApi.close())
    const chainApiUrl = await chainApi.app.listen({ host: config.host, port: config.ports.chainApi })
    log(
      `[chain-api] ready at ${chainApiUrl}, indexing ${devnet.chains.length} chains and ${solanaDevnet.clusters.length} Solana clusters`,
    )

    const relay = await createRelayServer({
      host: config.host,
      port: config.ports.relay,
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      redisUrl: config.redisUrl,
      ...(config.relayLimits ? { limits: config.relayLimits } : {}),
    })
    stops.push(() => relay.close())
    log(`[relay] ready at ${relay.url}${config.redisUrl ? ' (Redis fan-out)' : ''}`)

    // The public URL names the port (OIDC issuers, mailed links), so port 0 is resolved before listening.
    const authPort = await freePort(config.host, config.ports.auth ?? 3004)
    const authPublicUrl = `http://localhost:${authPort}`

    const wallet = await startStaticSite({
      root: join(repoRoot, 'apps/wallet/dist'),
      host: config.host,
      port: config.ports.wallet,
    })
    stops.push(() => wallet.app.close())

    // The demo's port is settled first: its SIWE backend accepts messages for exactly this host.
    const demoPort = await freePort(config.host, config.ports.demo)
    const demo = await startStaticSite({
      root: join(repoRoot, 'apps/demo/dist'),
      // The same demo inside wagmi's provider, with Portico's wagmi config and connector.
      pages: { '/wagmi/': 'wagmi/wagmi.html' },
      host: config.host,
      port: demoPort,
      routes: (app) =>
        app.register(demoSiweRoutes, {
          prefix: '/api/siwe',
          domains: [`${config.host}:${demoPort}`, `localhost:${demoPort}`, `127.0.0.1:${demoPort}`],
          chainIds: devnet.chains.map((chain) => chain.chainId),
          rpcUrl: (chainId) => `${devnet.url}/${chainId}`,
        }),
      headHtml: demoHead(
        config,
        {
          wallet: wallet.url,
          devnet: devnet.url,
          solanaDevnet: solanaDevnet.url,
          explorer: explorerUrl,
          chainApi: chainApiUrl,
          relay: relay.url,
          auth: authPublicUrl,
          paymaster: accountAbstraction.paymasterUrl,
        },
        options.demoEnv ?? {},
      ),
    })
    stops.push(() => demo.app.close())

    // The frame embeds only in the demo's exact origin (and the projects the environment adds).
    if (config.clean && config.dataDir)
      await rm(join(config.dataDir, 'auth'), { recursive: true, force: true })
    const auth = await createAuthServer({
      publicUrl: authPublicUrl,
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      redisUrl: config.redisUrl,
      smtpPort: config.ports.smtp ?? 2525,
      framePageDir: join(repoRoot, 'packages/frame/dist-page'),
      rpcUrlTemplate: `${devnet.url}/{chainId}`,
      solanaRpcUrlTemplate: `${solanaDevnet.url}/{cluster}`,
      bundlerUrlTemplate: `${accountAbstraction.bundlerUrl}/{chainId}`,
      paymasterUrlTemplate: `${accountAbstraction.paymasterUrl}/{projectId}`,
      chainIds: devnet.chains.map((chain) => chain.chainId),
      allowedOrigins: { ...config.authAllowedOrigins, [DEMO_PROJECT_ID]: [new URL(demo.url).origin] },
    })
    stops.push(() => auth.close())
    await auth.app.listen({ host: config.host, port: authPort })
    log(`[auth] ready at ${authPublicUrl} (mail inbox ${auth.mail.inboxUrl ?? 'external SMTP'})`)
    log(`[auth] ${custodyNotice('user-held')}`)

    return {
      urls: {
        demo: demo.url,
        explorer: explorerUrl,
        chainApi: chainApiUrl,
        relay: relay.url,
        wallet: wallet.url,
        devnet: devnet.url,
        solanaDevnet: solanaDevnet.url,
        auth: authPublicUrl,
        inbox: auth.mail.inboxUrl ?? `${authPublicUrl}/inbox`,
        bundler: accountAbstraction.bundlerUrl,
        paymaster: accountAbstraction.paymasterUrl,
      },
      devnet,
      solanaDevnet,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/** `port`, or for 0 a port the system has just handed out (bound and released). */
async function freePort(host: string, port: number): Promise<number> {
  if (port !== 0) return port
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, host, () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}
