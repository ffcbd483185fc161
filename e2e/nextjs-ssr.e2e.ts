import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { shortenAddress } from '@portico/core'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signAndSendThroughWagmi } from './consumer-app.js'
import {
  approveInWallet,
  closeBrowser,
  connectButton,
  contextWithWalletAccount,
  pickTestWallet,
  stack,
} from './fixtures.js'
import { freePort } from './free-port.js'
import { type LocalRegistry, startLocalRegistry } from './local-registry.js'
import { writeNextApp } from './nextjs-app.js'
import {
  cleanEnv,
  INSTALL_TIMEOUT_MS,
  installFromRegistry,
  publishClientPackages,
  REGISTRY_CACHE,
  run,
} from './registry-app.js'
import { fundOnChain1, visitorAccount } from './visitor-accounts.js'

/** The injected wallet's account: one no other file connects, funded here. */
const ACCOUNT_INDEX = 71
const NEXT_ENV = { NEXT_TELEMETRY_DISABLED: '1' }

/**
 * Records, from the start of each navigation, every state Portico's button is in: a MutationObserver
 * sees the server's HTML as the parser inserts it, hydration, and every render after.
 */
function watchConnectButton() {
  const seen = { connectWallet: false, address: false }
  Object.assign(window, { __buttonSeen: seen })
  const check = () => {
    const text = document.querySelector('.portico-connect-button')?.textContent ?? ''
    if (text.includes('Connect wallet')) seen.connectWallet = true
    if (/0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}/.test(text)) seen.address = true
  }
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true })
}

async function startNext(app: string, port: number): Promise<ChildProcess> {
  const child = spawn(
    join(app, 'node_modules/.bin/next'),
    ['start', '--port', String(port), '--hostname', '127.0.0.1'],
    { cwd: app, env: cleanEnv(NEXT_ENV), stdio: 'ignore' },
  )
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}`)
    const up = await fetch(`http://127.0.0.1:${port}/`).then(
      (response) => response.ok,
      () => false,
    )
    if (up) return child
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  child.kill()
  throw new Error('next start did not answer within 60 s')
}

/**
 * The app behind a proxy that puts the test wallet in every page, as a browser extension would: its script
 * first in <head>. (Playwright's route.fulfill would do it too, but Chromium then takes the page for a
 * public one and blocks its requests to the loopback services.)
 */
async function startWalletProxy(appPort: number): Promise<{ url: string; close: () => void }> {
  const urls = stack()
  const head =
    `<script>window.__PORTICO_TEST_WALLET__=${JSON.stringify({ rpcBase: urls.devnet, solanaRpcBase: urls.solanaDevnet })}</script>` +
    `<script src="${urls.wallet}/inject.js"></script>`
  const server = createServer((request, response) => {
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: appPort,
        path: request.url,
        method: request.method,
        headers: { ...request.headers, 'accept-encoding': 'identity' },
      },
      (answer) => {
        if (!String(answer.headers['content-type']).startsWith('text/html')) {
          response.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(response)
          return
        }
        const chunks: Buffer[] = []
        answer.on('data', (chunk: Buffer) => chunks.push(chunk))
        answer.on('end', () => {
          const { 'content-length': _length, 'transfer-encoding': _encoding, ...headers } = answer.headers
          response.writeHead(answer.statusCode ?? 502, headers)
          response.end(Buffer.concat(chunks).toString('utf8').replace('<head>', `<head>${head}`))
        })
      },
    )
    upstream.once('error', () => response.destroy())
    request.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() }
}

describe('a Next.js App Router app renders a returning visitor on the server', () => {
  const startedAt = Date.now()
  let work: string
  let app: string
  let registry: LocalRegistry | undefined
  let server: ChildProcess | undefined
  let proxy: { close: () => void } | undefined

  beforeAll(async () => {
    // Outside the repository: nothing resolves through its node_modules or workspaces.
    work = await mkdtemp(join(tmpdir(), 'portico-nextjs-'))
    app = join(work, 'app')
    registry = await startLocalRegistry(join(work, 'registry'), REGISTRY_CACHE)
  })

  afterAll(async () => {
    await closeBrowser()
    proxy?.close()
    server?.kill()
    await registry?.stop()
    if (work) await rm(work, { recursive: true, force: true })
    console.log(`nextjs-ssr: ${((Date.now() - startedAt) / 1000).toFixed(0)} s in all`)
  })

  it(
    'installs Portico from the registry into a new Next.js app, which builds and type-checks (strict)',
    async () => {
      const packed = await publishClientPackages(registry as LocalRegistry, join(work, 'packed'))
      const version = (packed[0] as { version: string }).version
      await writeNextApp(app, version, stack())
      const installStart = Date.now()
      await installFromRegistry(app, registry as LocalRegistry)
      const installMs = Date.now() - installStart
      const buildStart = Date.now()
      // `next build` type-checks too; tsc after it checks with the route types it generated.
      await run(join(app, 'node_modules/.bin/next'), ['build'], {
        cwd: app,
        env: NEXT_ENV,
        timeoutMs: 300_000,
      })
      const buildMs = Date.now() - buildStart
      await run(join(app, 'node_modules/.bin/tsc'), ['--noEmit', '-p', 'tsconfig.json'], {
        cwd: app,
        timeoutMs: 120_000,
      })
      console.log(
        `Next.js app: npm install ${(installMs / 1000).toFixed(1)} s, next build ${(buildMs / 1000).toFixed(1)} s`,
      )
    },
    INSTALL_TIMEOUT_MS + 600_000,
  )

  it('in Chromium: connects, and a reload is served with the account: no hydration error, no "Connect wallet"', async () => {
    const port = await freePort()
    server = await startNext(app, port)
    const serverUrl = `http://127.0.0.1:${port}/`
    const walletProxy = await startWalletProxy(port)
    proxy = walletProxy
    const appUrl = walletProxy.url
    const account = visitorAccount(ACCOUNT_INDEX).address
    await fundOnChain1(account, { eth: '5' })
    const context = await contextWithWalletAccount(ACCOUNT_INDEX)
    await context.addInitScript(watchConnectButton)
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    const text = (testId: string) => async () => (await page.getByTestId(testId).textContent()) ?? ''
    const buttonSeen = () =>
      page.evaluate(() => (window as unknown as { __buttonSeen: Record<string, boolean> }).__buttonSeen)

    // A first visit: nothing remembered, the server renders "Connect wallet" (and the observer sees it).
    await page.goto(appUrl)
    await page.locator('main[data-hydrated="true"]').waitFor()
    await expect.poll(text('wagmi-status')).toBe('disconnected')
    expect(await buttonSeen()).toEqual({ connectWallet: true, address: false })
    await connectButton(page).click()
    await pickTestWallet(page)
    await approveInWallet(page)
    await expect.poll(text('wagmi-status'), { timeout: 15_000 }).toBe('connected')
    await expect.poll(text('portico-balance'), { timeout: 15_000 }).toMatch(/^5(\.0*)?$/)

    // What the server answers the returning visitor, before any script runs: the account, not "Connect wallet".
    const cookie = (await context.cookies(appUrl)).map(({ name, value }) => `${name}=${value}`).join('; ')
    expect(cookie).toContain('portico.connection=')
    const html = await (await fetch(serverUrl, { headers: { cookie } })).text()
    expect(html).toContain(shortenAddress(account))
    expect(html).toContain(`data-testid="portico-address">${account}<`)
    expect(html).not.toContain('Connect wallet')

    await reloadAndCheck(page, account, buttonSeen, text)
    expect(errors).toEqual([])
    const followedMs = await signAndSendThroughWagmi(page)
    console.log(`Next.js app: Portico's balance followed a wagmi-sent transaction in ${followedMs} ms`)
    expect(errors).toEqual([])

    // A tampered cookie: the server renders "not connected", and the page hydrates with no error.
    await context.addCookies([{ name: 'portico.connection', value: '%7B%22connection%22%3A1', url: appUrl }])
    const tampered = await fetch(serverUrl, {
      headers: { cookie: 'portico.connection=%7B%22connection%22%3A1' },
    })
    expect(tampered.status).toBe(200)
    expect(await tampered.text()).toContain('Connect wallet')
    await context.close()
  }, 180_000)
})

async function reloadAndCheck(
  page: Page,
  account: string,
  buttonSeen: () => Promise<Record<string, boolean>>,
  text: (testId: string) => () => Promise<string>,
): Promise<void> {
  await page.reload()
  await page.locator('main[data-hydrated="true"]').waitFor()
  await expect.poll(text('wagmi-status'), { timeout: 15_000 }).toBe('connected')
  await expect
    .poll(() => connectButton(page).getAttribute('data-state'), { timeout: 15_000 })
    .toBe('connected')
  expect(await text('portico-address')()).toBe(account)
  expect(await buttonSeen()).toEqual({ connectWallet: false, address: true })
}
