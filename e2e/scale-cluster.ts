import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type MailCaptureServer, startMailCaptureServer } from '@portico/auth'
import { testRedisUrl } from '@portico/database'
import { type Devnet, startDevnet } from '@portico/devnet'
import { Redis } from 'ioredis'
import { freePort } from './free-port.js'
import {
  assertServicesBuilt,
  behindProxySettings,
  createTestDatabase,
  DAPP,
  PORTICO_CLI,
  repoRoot,
  selfSignedCertificate,
  siteConfig,
  startNginx,
  stopProcess,
  waitForOutput,
} from './production-front.js'

// Three replicas of each service, each its own `portico serve <service>` process from the built output,
// on one fresh PostgreSQL database and the test Redis, behind nginx configured by docs/nginx/portico.conf
// with the upstream blocks of docs/nginx/portico-replicas.conf. The chain API follows a devnet of its own;
// auth mails through SMTP to a capture server, where the test reads the codes a visitor would.

export const SCALED_SERVICES = ['explorer', 'chain-api', 'relay', 'auth'] as const
export type ScaledService = (typeof SCALED_SERVICES)[number]

/** Each service's port variable and the port docs/nginx/portico-replicas.conf gives its first replica. */
const PORTS: Record<ScaledService, { variable: string; first: number }> = {
  explorer: { variable: 'EXPLORER_PORT', first: 3001 },
  'chain-api': { variable: 'CHAIN_API_PORT', first: 3002 },
  relay: { variable: 'RELAY_PORT', first: 3003 },
  auth: { variable: 'AUTH_PORT', first: 3004 },
}
export const REPLICAS = 3
export { DAPP } from './production-front.js'
export const PROJECT = 'scale'

export interface Replica {
  service: ScaledService
  index: number
  port: number
  process: ChildProcess
}

export interface ScaleCluster {
  dir: string
  /** The test certificate: the CA a client trusts. */
  certificate: string
  /** nginx's TLS port; every service name (explorer.portico.test …) answers on it. */
  httpsPort: number
  databaseUrl: string
  configFile: string
  devnet: Devnet
  mail: MailCaptureServer
  replicas: Replica[]
  replica(service: ScaledService, index: number): Replica
  /** SIGKILL, as a crash or the OOM killer would, and waits for the process to be gone. */
  kill(service: ScaledService, index: number): Promise<void>
  stop(): Promise<void>
}

/** Replaces the upstream blocks of portico.conf with the replicas file's, pointed at this run's ports. */
function replicasSite(dir: string, ports: { https: number; plain: number }, replicas: Replica[]) {
  let upstreams = readFileSync(join(repoRoot, 'docs/nginx/portico-replicas.conf'), 'utf8')
  for (const replica of replicas) {
    const documented = PORTS[replica.service].first + 10 * replica.index
    upstreams = upstreams.replace(`127.0.0.1:${documented} `, `127.0.0.1:${replica.port} `)
  }
  return `${upstreams}\n${siteConfig(dir, ports).replace(/^upstream \w+ \{[^}]*\}\n/gm, '')}`
}

async function writeConfig(
  dir: string,
  settings: { databaseUrl: string; redisUrl: string; httpsPort: number; smtpPort: number; keyPrefix: string },
) {
  const { httpsPort } = settings
  const configFile = join(dir, 'portico.env')
  await writeFile(
    configFile,
    [
      `DATABASE_URL=${settings.databaseUrl}`,
      `REDIS_URL=${settings.redisUrl}`,
      `RELAY_REDIS_KEY_PREFIX=${settings.keyPrefix}`,
      ...behindProxySettings(httpsPort, dir),
      `SMTP_URL=smtp://127.0.0.1:${settings.smtpPort}`,
      `AUTH_ALLOWED_ORIGINS=${PROJECT}=${DAPP}`,
      '',
    ].join('\n'),
  )
  return configFile
}

/** Starts every replica at once (their migrations race on the empty database), then nginx. */
export async function startScaleCluster(): Promise<ScaleCluster> {
  assertServicesBuilt()
  const redisUrl = testRedisUrl
  if (!redisUrl) throw new Error('PORTICO_TEST_REDIS_URL is not set')
  const dir = await mkdtemp(join(tmpdir(), 'portico-scale-'))
  const cleanups: Array<() => Promise<unknown>> = [() => rm(dir, { recursive: true, force: true })]
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {})
  }
  try {
    const certificate = await selfSignedCertificate(dir)
    const [httpsPort, plainPort] = [await freePort(), await freePort()]
    const database = await createTestDatabase('portico_scale')
    cleanups.push(() => database.drop())
    const keyPrefix = `scale-${randomUUID()}:`
    cleanups.push(() => deleteKeys(redisUrl, keyPrefix))
    const mail = await startMailCaptureServer(0)
    cleanups.push(() => mail.close())
    const devnet = await startDevnet({ port: 0, chainIds: [1] })
    cleanups.push(() => devnet.stop())
    await writeFile(join(dir, 'manifest.json'), JSON.stringify(devnet.manifest))
    const configFile = await writeConfig(dir, {
      databaseUrl: database.url,
      redisUrl,
      httpsPort,
      smtpPort: mail.port,
      keyPrefix,
    })

    const replicas: Replica[] = []
    cleanups.push(() => Promise.all(replicas.map((replica) => stopProcess(replica.process))))
    await Promise.all(
      SCALED_SERVICES.flatMap((service) =>
        Array.from({ length: REPLICAS }, (_, index) =>
          startReplica(dir, configFile, { service, index }, replicas),
        ),
      ),
    )
    replicas.sort(
      (a, b) => SCALED_SERVICES.indexOf(a.service) - SCALED_SERVICES.indexOf(b.service) || a.index - b.index,
    )
    const nginx = await startNginx(
      dir,
      replicasSite(dir, { https: httpsPort, plain: plainPort }, replicas),
      httpsPort,
      { workers: 2 },
    )
    cleanups.push(() => stopProcess(nginx))

    const replica = (service: ScaledService, index: number) => {
      const found = replicas.find((each) => each.service === service && each.index === index)
      if (!found) throw new Error(`no replica ${index} of ${service}`)
      return found
    }
    return {
      dir,
      certificate,
      httpsPort,
      databaseUrl: database.url,
      configFile,
      devnet,
      mail,
      replicas,
      replica,
      async kill(service, index) {
        const { process: child } = replica(service, index)
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGKILL')
        await exited
      },
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/**
 * Starts one replica on a free port (the other settings in `configFile`) and waits until it serves; it is
 * in `replicas` from its spawn on, so a failed start still stops it. A port handed out free can be taken by
 * another process (an outgoing connection's ephemeral port) before the replica binds it: the replica then
 * starts again on another port, up to three times.
 */
async function startReplica(
  dir: string,
  configFile: string,
  { service, index }: Pick<Replica, 'service' | 'index'>,
  replicas: Replica[],
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort()
    // Only what a service host has: no test variables, no tsx loader; the port per replica.
    const env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: dir,
      [PORTS[service].variable]: String(port),
    }
    const child = spawn(process.execPath, [PORTICO_CLI, 'serve', service, '--config', configFile], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const replica = { service, index, port, process: child }
    replicas.push(replica)
    try {
      await waitForOutput(child, /serving 1 service/, 90_000)
      return
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error
      replicas.splice(replicas.indexOf(replica), 1)
    }
  }
}

async function deleteKeys(redisUrl: string, prefix: string) {
  const redis = new Redis(redisUrl)
  try {
    const keys = await redis.keys(`${prefix}*`)
    if (keys.length > 0) await redis.del(...keys)
  } finally {
    redis.disconnect()
  }
}
