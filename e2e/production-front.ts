import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { type IncomingMessage, request as plainRequest } from 'node:http'
import { request } from 'node:https'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { testDatabaseUrl } from '@portico/database'
import pg from 'pg'

// What the production tests share: the built `portico` CLI, a self-signed certificate for *.portico.test,
// Debian's nginx run from a temporary folder with docs/nginx's site file, and a fresh PostgreSQL database.

export const repoRoot = fileURLToPath(new URL('../', import.meta.url))
export const PORTICO_CLI = join(repoRoot, 'services/stack/dist/portico.js')
/** Debian's nginx (`.ci/run` installs it); /usr/sbin is not on every user's PATH. */
export const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx'
export const DOMAIN = 'portico.test'
/** The dApp's origin the services are set up for. */
export const DAPP = `https://app.${DOMAIN}`
export const SERVICE_HOSTS = ['explorer', 'api', 'relay', 'auth'].map((name) => `${name}.${DOMAIN}`)

/** *.portico.test resolves to this machine, so requests carry the real names (SNI and Host). */
export const lookup = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) =>
  options?.all
    ? callback(null, [{ address: '127.0.0.1', family: 4 }])
    : callback(null, '127.0.0.1', 4)) as never

export function assertServicesBuilt() {
  if (!existsSync(PORTICO_CLI))
    throw new Error(`${PORTICO_CLI} is missing: run \`npm run build:services\` (or \`npm run build\`) first`)
}

/** Resolves with everything `child` printed once it matches `pattern`; rejects if it exits first. */
export async function waitForOutput(
  child: ChildProcess,
  pattern: RegExp,
  timeoutMs: number,
): Promise<string> {
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
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`exited with ${code ?? signal} before ${pattern}:\n${output}`))
    })
  })
}

/** Waits until something listens on the loopback port. */
export async function waitForPort(port: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const taken = await new Promise<boolean>((resolve) => {
      const socket = createServer().listen(port, '127.0.0.1')
      socket.once('listening', () => socket.close(() => resolve(false)))
      socket.once('error', () => resolve(true))
    })
    if (taken) return
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** SIGTERM, and waits for the exit; nothing for a process already gone. */
export async function stopProcess(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

/** The command line a process runs, as ps would show it. */
export function commandLineOf(pid: number | undefined): string {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim()
}

/** A self-signed certificate for the service names, in `dir`; returns its PEM (the client's CA). */
export async function selfSignedCertificate(dir: string): Promise<string> {
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
      `subjectAltName=${SERVICE_HOSTS.map((name) => `DNS:${name}`).join(',')}`,
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  )
  return readFile(join(dir, 'cert.pem'), 'utf8')
}

/**
 * docs/nginx/portico.conf for this machine: the domain, loopback listeners and the test certificate. The
 * upstream addresses are left to the caller.
 */
export function siteConfig(dir: string, ports: { https: number; plain: number }): string {
  return readFileSync(join(repoRoot, 'docs/nginx/portico.conf'), 'utf8')
    .replaceAll('example.com', DOMAIN)
    .replaceAll('listen 443 ssl;', `listen 127.0.0.1:${ports.https} ssl;`)
    .replaceAll('listen 80;', `listen 127.0.0.1:${ports.plain};`)
    .replace(/ssl_certificate .*;/, `ssl_certificate ${join(dir, 'cert.pem')};`)
    .replace(/ssl_certificate_key .*;/, `ssl_certificate_key ${join(dir, 'key.pem')};`)
}

/** Starts nginx in the foreground with `site` as its only site, from `dir`; resolves once it listens. */
export async function startNginx(
  dir: string,
  site: string,
  httpsPort: number,
  options: { workers?: number; errorLogLevel?: string } = {},
): Promise<ChildProcess> {
  await writeFile(join(dir, 'portico.conf'), site)
  await mkdir(join(dir, 'temp'), { recursive: true })
  await writeFile(
    join(dir, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}daemon off;
worker_processes ${options.workers ?? 1};
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'nginx-error.log')} ${options.errorLogLevel ?? 'warn'};
events { worker_connections 4096; }
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
  const nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  await waitForPort(httpsPort, 20_000)
  return nginx
}

export interface HttpsAnswer {
  status: number
  headers: Record<string, unknown>
  body: string
}

/**
 * One HTTPS request to a service name through nginx, trusting the test certificate; without `ca`, plain
 * HTTP to 127.0.0.1 (a replica itself, past nginx).
 */
export function httpsRequest(
  options: {
    host: string
    port: number
    path: string
    ca?: string
    method?: string
    headers?: Record<string, string>
    body?: string
    /** Another loopback source address (127.0.0.2 …), to stand for another visitor. */
    localAddress?: string
  },
  timeoutMs = 30_000,
): Promise<HttpsAnswer> {
  const common = {
    port: options.port,
    path: options.path,
    method: options.method ?? 'GET',
    headers: options.headers,
    ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    timeout: timeoutMs,
  }
  return new Promise((resolve, reject) => {
    const answer = (response: IncomingMessage) => {
      let body = ''
      response.on('data', (chunk) => {
        body += chunk
      })
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }))
      response.once('error', reject)
    }
    const call = options.ca
      ? request({ ...common, host: options.host, ca: options.ca, servername: options.host, lookup }, answer)
      : plainRequest({ ...common, host: '127.0.0.1' }, answer)
    call.once('timeout', () => call.destroy(new Error(`no answer in ${timeoutMs} ms`)))
    call.once('error', reject)
    call.end(options.body)
  })
}

/** A fresh database on the test PostgreSQL (PORTICO_TEST_DATABASE_URL), dropped by `drop`. */
export async function createTestDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (!testDatabaseUrl) throw new Error('PORTICO_TEST_DATABASE_URL is not set')
  const admin = new pg.Client({ connectionString: testDatabaseUrl })
  await admin.connect()
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`
  await admin.query(`create database ${name}`)
  const url = new URL(testDatabaseUrl)
  url.pathname = `/${name}`
  return {
    url: String(url),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {})
      await admin.end()
    },
  }
}

/**
 * The settings every service needs behind the TLS proxy at `https://<service>.portico.test:<httpsPort>`,
 * for the dApp at DAPP (the chain API's manifest in `dir`): proxy trust, CORS, public URLs, audiences and
 * a fresh auth master key.
 */
export function behindProxySettings(httpsPort: number, dir: string): string[] {
  return [
    'EXPLORER_TRUST_PROXY=on',
    'CHAIN_API_TRUST_PROXY=on',
    'RELAY_TRUST_PROXY=on',
    'AUTH_TRUST_PROXY=on',
    `EXPLORER_CORS_ORIGINS=${DAPP}`,
    `EXPLORER_PUBLIC_URL=https://explorer.${DOMAIN}:${httpsPort}`,
    `CHAIN_API_CORS_ORIGINS=${DAPP}`,
    `CHAIN_API_MANIFEST=${join(dir, 'manifest.json')}`,
    `RELAY_AUDIENCES=wss://relay.${DOMAIN}:${httpsPort}`,
    `AUTH_PUBLIC_URL=https://auth.${DOMAIN}:${httpsPort}`,
    `AUTH_MASTER_KEY=${randomBytes(32).toString('hex')}`,
  ]
}
