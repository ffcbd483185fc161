import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:https'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { testDatabaseUrl } from '@portico/database'
import { generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { freePort } from './free-port.js'

// The production set-up of docs/deployment.md, for real: `npm run build`'s output started by `portico
// serve` (plain node, no tsx), behind Debian's nginx with TLS (a self-signed certificate), configured by
// docs/nginx/portico.conf, on one PostgreSQL database when the test server is there (else PGlite).

const repoRoot = fileURLToPath(new URL('../', import.meta.url))
const PORTICO_CLI = join(repoRoot, 'services/stack/dist/portico.js')
/** Debian's nginx (`.ci/run` installs it); /usr/sbin is not on every user's PATH. */
const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx'
const DOMAIN = 'portico.test'
const NAMES = ['explorer', 'api', 'relay', 'auth'].map((name) => `${name}.${DOMAIN}`)
const DAPP = `https://app.${DOMAIN}`

/** *.portico.test resolves to this machine, so requests carry the real names (SNI and Host). */
const lookup = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) =>
  options?.all
    ? callback(null, [{ address: '127.0.0.1', family: 4 }])
    : callback(null, '127.0.0.1', 4)) as never

async function waitForOutput(child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<string> {
  let output = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`timed out waiting for ${pattern}:\n${output}`)),
      timeoutMs,
    )
    const read = (chunk: Buffer) => {
      output += chunk
      if (pattern.test(output)) {
        clearTimeout(timer)
        resolve(output)
      }
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`exited with ${code} before ${pattern}:\n${output}`))
    })
  })
}

async function waitForPort(port: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createServer().listen(port, '127.0.0.1')
      socket.once('listening', () => socket.close(() => resolve(false)))
      socket.once('error', () => resolve(true))
    })
    if (open) return
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('the built services behind nginx with TLS', () => {
  let dir: string
  let certificate: string
  let httpsPort: number
  let serve: ChildProcess | undefined
  let nginx: ChildProcess | undefined
  let database: string | undefined
  const admin = testDatabaseUrl ? new pg.Client({ connectionString: testDatabaseUrl }) : undefined

  const get = (host: string, path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      const call = request(
        { host, port: httpsPort, path, ca: certificate, servername: host, lookup, headers },
        (response) => {
          let body = ''
          response.on('data', (chunk) => {
            body += chunk
          })
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
          )
        },
      )
      call.once('error', reject)
      call.end()
    })

  beforeAll(async () => {
    if (!existsSync(PORTICO_CLI))
      throw new Error(
        `${PORTICO_CLI} is missing: run \`npm run build:services\` (or \`npm run build\`) first`,
      )
    dir = await mkdtemp(join(tmpdir(), 'portico-nginx-'))
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        `/CN=${DOMAIN}`,
        '-addext',
        `subjectAltName=${NAMES.map((name) => `DNS:${name}`).join(',')}`,
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    )
    certificate = await readFile(join(dir, 'cert.pem'), 'utf8')
    const [explorerPort, chainApiPort, relayPort, authPort, plainPort] = await Promise.all(
      Array.from({ length: 5 }, freePort),
    )
    httpsPort = await freePort()

    let storage = `PORTICO_DATA_DIR=${join(dir, 'data')}`
    if (admin) {
      database = `portico_nginx_${randomUUID().replaceAll('-', '')}`
      await admin.connect()
      await admin.query(`create database ${database}`)
      const url = new URL(testDatabaseUrl as string)
      url.pathname = `/${database}`
      storage = `DATABASE_URL=${url}`
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
        'EXPLORER_TRUST_PROXY=on',
        'CHAIN_API_TRUST_PROXY=on',
        'RELAY_TRUST_PROXY=on',
        'AUTH_TRUST_PROXY=on',
        `EXPLORER_CORS_ORIGINS=${DAPP}`,
        `EXPLORER_PUBLIC_URL=https://explorer.${DOMAIN}:${httpsPort}`,
        `CHAIN_API_CORS_ORIGINS=${DAPP}`,
        `CHAIN_API_MANIFEST=${join(dir, 'manifest.json')}`,
        'CHAIN_API_INDEXER=off',
        `RELAY_AUDIENCES=wss://relay.${DOMAIN}:${httpsPort}`,
        `AUTH_PUBLIC_URL=https://auth.${DOMAIN}:${httpsPort}`,
        `AUTH_MASTER_KEY=${randomBytes(32).toString('hex')}`,
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

    const site = readFileSync(join(repoRoot, 'docs/nginx/portico.conf'), 'utf8')
      .replaceAll('example.com', DOMAIN)
      .replaceAll('listen 443 ssl;', `listen 127.0.0.1:${httpsPort} ssl;`)
      .replaceAll('listen 80;', `listen 127.0.0.1:${plainPort};`)
      .replace('127.0.0.1:3001', `127.0.0.1:${explorerPort}`)
      .replace('127.0.0.1:3002', `127.0.0.1:${chainApiPort}`)
      .replace('127.0.0.1:3003', `127.0.0.1:${relayPort}`)
      .replace('127.0.0.1:3004', `127.0.0.1:${authPort}`)
      .replace(/ssl_certificate .*;/, `ssl_certificate ${join(dir, 'cert.pem')};`)
      .replace(/ssl_certificate_key .*;/, `ssl_certificate_key ${join(dir, 'key.pem')};`)
    await writeFile(join(dir, 'portico.conf'), site)
    await mkdir(join(dir, 'temp'))
    await writeFile(
      join(dir, 'nginx.conf'),
      `${process.getuid?.() === 0 ? 'user root;\n' : ''}daemon off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'nginx-error.log')} warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'temp')};
  proxy_temp_path ${join(dir, 'temp')};
  fastcgi_temp_path ${join(dir, 'temp')};
  uwsgi_temp_path ${join(dir, 'temp')};
  scgi_temp_path ${join(dir, 'temp')};
  include ${join(dir, 'portico.conf')};
}
`,
    )
    nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] })
    await waitForPort(httpsPort, 20_000)
  }, 180_000)

  afterAll(async () => {
    for (const child of [nginx, serve]) {
      if (!child || child.exitCode !== null) continue
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    if (admin && database) {
      await admin.query(`drop database if exists ${database} with (force)`).catch(() => {})
      await admin.end()
    }
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('runs the compiled JavaScript under plain node', () => {
    const commandLine = readFileSync(`/proc/${serve?.pid}/cmdline`, 'utf8').split('\0').join(' ')
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
