import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { testDatabaseUrl } from '@portico/database'
import { generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { freePort } from './free-port.js'
import {
  assertServicesBuilt,
  behindProxySettings,
  commandLineOf,
  createTestDatabase,
  DAPP,
  DOMAIN,
  httpsRequest,
  lookup,
  PORTICO_CLI,
  repoRoot,
  selfSignedCertificate,
  siteConfig,
  startNginx,
  stopProcess,
  waitForOutput,
} from './production-front.js'

// The production set-up of docs/deployment.md, for real: `npm run build`'s output started by `portico
// serve` (plain node, no tsx), behind Debian's nginx with TLS (a self-signed certificate), configured by
// docs/nginx/portico.conf, on one PostgreSQL database when the test server is there (else PGlite).

describe('the built services behind nginx with TLS', () => {
  let dir: string
  let certificate: string
  let httpsPort: number
  let serve: ChildProcess | undefined
  let nginx: ChildProcess | undefined
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined

  const get = (host: string, path: string, headers: Record<string, string> = {}) =>
    httpsRequest({ host, port: httpsPort, path, ca: certificate, headers })

  beforeAll(async () => {
    assertServicesBuilt()
    dir = await mkdtemp(join(tmpdir(), 'portico-nginx-'))
    certificate = await selfSignedCertificate(dir)
    const [explorerPort, chainApiPort, relayPort, authPort] = await Promise.all(
      Array.from({ length: 4 }, freePort),
    )
    const plainPort = await freePort()
    httpsPort = await freePort()

    let storage = `PORTICO_DATA_DIR=${join(dir, 'data')}`
    if (testDatabaseUrl) {
      database = await createTestDatabase('portico_nginx')
      storage = `DATABASE_URL=${database.url}`
    }
    await writeFile(
      join(dir, 'manifest.json'),
      // A chain the API describes; nothing here reads it (the indexer is off).
      JSON.stringify({ chains: [{ chainId: 1, rpcUrl: `http://127.0.0.1:${plainPort}/1` }] }),
    )
    await writeFile(
      join(dir, 'portico.env'),
      [
        storage,
        `EXPLORER_PORT=${explorerPort}`,
        `CHAIN_API_PORT=${chainApiPort}`,
        `RELAY_PORT=${relayPort}`,
        `AUTH_PORT=${authPort}`,
        'CHAIN_API_INDEXER=off',
        ...behindProxySettings(httpsPort, dir),
        // Never dialled: no test here sends mail.
        `SMTP_URL=smtp://127.0.0.1:${plainPort}`,
        `AUTH_ALLOWED_ORIGINS=shop=${DAPP}`,
        '',
      ].join('\n'),
    )
    // Only what a service host has: no test variables, no tsx loader.
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir }
    serve = spawn(process.execPath, [PORTICO_CLI, 'serve', '--config', join(dir, 'portico.env')], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    await waitForOutput(serve, /serving 4 services/, 90_000)

    const site = siteConfig(dir, { https: httpsPort, plain: plainPort })
      .replace('127.0.0.1:3001', `127.0.0.1:${explorerPort}`)
      .replace('127.0.0.1:3002', `127.0.0.1:${chainApiPort}`)
      .replace('127.0.0.1:3003', `127.0.0.1:${relayPort}`)
      .replace('127.0.0.1:3004', `127.0.0.1:${authPort}`)
    nginx = await startNginx(dir, site, httpsPort)
  }, 180_000)

  afterAll(async () => {
    await stopProcess(nginx)
    await stopProcess(serve)
    await database?.drop()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('runs the compiled JavaScript under plain node', () => {
    const commandLine = commandLineOf(serve?.pid)
    expect(commandLine).toContain('services/stack/dist/portico.js serve')
    expect(commandLine).not.toMatch(/tsx|\.ts\b/)
  })

  it('serves the explorer over https, with https image URLs and the CORS origin of the dApp', async () => {
    const answer = await get(`explorer.${DOMAIN}`, '/getWallets?page=1&entries=2', {
      'x-project-id': 'shop',
      'x-sdk-type': 'w3m',
      'x-sdk-version': 'react-5.1.11',
      origin: DAPP,
    })
    expect(answer.status).toBe(200)
    expect(answer.headers['access-control-allow-origin']).toBe(DAPP)
    const wallets = JSON.parse(answer.body) as { count: number; data: Array<{ image_url?: string }> }
    expect(wallets.count).toBeGreaterThan(0)
    expect(wallets.data[0]?.image_url).toMatch(new RegExp(`^https://explorer\\.${DOMAIN}:${httpsPort}/`))
  })

  it('serves the chain API and the auth frame over https', async () => {
    const names = await get(`api.${DOMAIN}`, '/v1/profile/suggestions/alice?projectId=shop')
    expect(names.status).toBe(200)
    expect(JSON.parse(names.body).suggestions[0]).toEqual({ name: 'alice.wcn.id', registered: false })

    const frame = await get(`auth.${DOMAIN}`, '/frame?projectId=shop')
    expect(frame.status).toBe(200)
    expect(String(frame.headers['content-security-policy'])).toContain(`frame-ancestors ${DAPP}`)
    const unknown = await get(`auth.${DOMAIN}`, '/frame?projectId=someone-else')
    expect(unknown.status).toBe(404)
  })

  it("upgrades the relay's WebSocket through nginx and delivers a published message", async () => {
    expect((await get(`relay.${DOMAIN}`, '/health')).status).toBe(200)
    const audience = `wss://relay.${DOMAIN}:${httpsPort}`
    const open = async () => {
      const token = await signJWT(randomBytes(32).toString('hex'), audience, 3_600, generateKeyPair())
      const socket = new WebSocket(`${audience}/?auth=${token}`, { ca: certificate, lookup })
      await new Promise((resolve, reject) => {
        socket.once('open', resolve)
        socket.once('error', reject)
      })
      return socket
    }
    const frames = (socket: WebSocket) => {
      const seen: Array<{
        id?: number
        method?: string
        result?: unknown
        params?: { data?: { message?: string } }
      }> = []
      socket.on('message', (data) => seen.push(JSON.parse(String(data))))
      return async (match: (frame: (typeof seen)[number]) => boolean) => {
        for (let waited = 0; waited < 10_000; waited += 50) {
          const found = seen.find(match)
          if (found) return found
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
        throw new Error('no such frame through nginx')
      }
    }
    const [wallet, dapp] = await Promise.all([open(), open()])
    try {
      const walletFrame = frames(wallet)
      const dappFrame = frames(dapp)
      const topic = randomBytes(32).toString('hex')
      wallet.send(JSON.stringify({ id: 1, jsonrpc: '2.0', method: 'irn_subscribe', params: { topic } }))
      expect((await walletFrame((frame) => frame.id === 1)).result).toEqual(expect.any(String))
      const message = randomBytes(48).toString('base64')
      dapp.send(
        JSON.stringify({
          id: 2,
          jsonrpc: '2.0',
          method: 'irn_publish',
          params: { topic, message, ttl: 300, tag: 1100, prompt: false },
        }),
      )
      expect((await dappFrame((frame) => frame.id === 2)).result).toBe(true)
      const pushed = await walletFrame((frame) => frame.method === 'irn_subscription')
      expect(pushed.params?.data?.message).toBe(message)
    } finally {
      wallet.close()
      dapp.close()
    }
  })
})
