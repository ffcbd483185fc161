import { createHash } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { startStaticSite } from '@portico/stack'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signAndSendThroughWagmi, writeConsumerApp } from './consumer-app.js'
import {
  approveInWallet,
  closeBrowser,
  connectButton,
  contextWithWalletAccount,
  modal,
  pickTestWallet,
  stack,
} from './fixtures.js'
import { type LocalRegistry, startLocalRegistry } from './local-registry.js'
import {
  INSTALL_TIMEOUT_MS,
  installFromRegistry,
  publishClientPackages,
  REGISTRY_CACHE,
  run,
} from './registry-app.js'
import { fundOnChain1, visitorAccount } from './visitor-accounts.js'

/** The injected wallet's account: one no other file connects, funded here. */
const ACCOUNT_INDEX = 63

interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const gzip = (code: Buffer) => gzipSync(code, { level: 9 }).length

describe('a fresh Vite + React app installs Portico from a registry', () => {
  const startedAt = Date.now()
  let work: string
  let app: string
  let registry: LocalRegistry | undefined
  let version: string
  let siteUrl: string | undefined
  let stopSite: (() => Promise<unknown>) | undefined

  beforeAll(async () => {
    // Outside the repository: nothing resolves through its node_modules or workspaces.
    work = await mkdtemp(join(tmpdir(), 'portico-registry-'))
    app = join(work, 'app')
    // What the registry proxies stays for the next run (in node_modules/.cache, like other tools' caches).
    registry = await startLocalRegistry(join(work, 'registry'), REGISTRY_CACHE)
  })

  afterAll(async () => {
    await closeBrowser()
    await stopSite?.()
    await registry?.stop()
    if (work) await rm(work, { recursive: true, force: true })
    console.log(`install-from-registry: ${((Date.now() - startedAt) / 1000).toFixed(0)} s in all`)
  })

  it('builds, packs and publishes the client packages, each at one version that installs together', async () => {
    const url = (registry as LocalRegistry).url
    const packed = await publishClientPackages(registry as LocalRegistry, join(work, 'packed'))
    expect(packed.map((item) => item.name)).toEqual([
      '@portico/wire',
      '@portico/core',
      '@portico/react',
      '@portico/evm',
      '@portico/solana',
      '@portico/siwe',
    ])
    version = (packed[0] as { version: string }).version
    // What npm sees there: core asks for the wire schemas at the version published beside it.
    const view = JSON.parse(
      await run('npm', ['view', '@portico/core', '--json', '--registry', url], {
        cwd: work,
        timeoutMs: 60_000,
      }),
    ) as { version: string; license: string; dependencies: Record<string, string> }
    expect(view.version).toBe(version)
    expect(view.license).toBe('MIT')
    expect(view.dependencies['@portico/wire']).toBe(version)
  }, 360_000)

  it(
    'installs them into a new app, which type-checks (strict) and builds with no module twice',
    async () => {
      await writeConsumerApp(app, version, stack())
      const installStart = Date.now()
      await installFromRegistry(app, registry as LocalRegistry)
      const installMs = Date.now() - installStart
      const installed = JSON.parse(
        await readFile(join(app, 'node_modules/@portico/core/package.json'), 'utf8'),
      )
      expect(installed.version).toBe(version)

      await run(join(app, 'node_modules/.bin/tsc'), ['--noEmit', '-p', 'tsconfig.json'], {
        cwd: app,
        timeoutMs: 120_000,
      })
      const buildStart = Date.now()
      await run(join(app, 'node_modules/.bin/vite'), ['build'], { cwd: app, timeoutMs: 120_000 })
      const buildMs = Date.now() - buildStart

      const dist = join(app, 'dist')
      const manifest = JSON.parse(await readFile(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
        string,
        ManifestChunk
      >
      // A module of one package bundled again into another's chunk: the same chunk name, from two packages.
      const packagesByChunkName = new Map<string, Set<string>>()
      for (const key of Object.keys(manifest)) {
        const owner = /node_modules\/(@portico\/[^/]+)\//.exec(key)?.[1]
        if (!owner) continue
        const name = basename(key)
          .replace(/\.[jt]sx?$/, '')
          .replace(/-[A-Za-z0-9_-]{8}$/, '')
        packagesByChunkName.set(name, (packagesByChunkName.get(name) ?? new Set()).add(owner))
      }
      const twice = [...packagesByChunkName].filter(([, owners]) => owners.size > 1).map(([name]) => name)
      expect(twice).toEqual([])
      // @portico/react brings the modal runtime with its open path: core's own runtime chunk is not emitted.
      expect(Object.keys(manifest).filter((key) => key.endsWith('@portico/core/dist/runtime.js'))).toEqual([])
      // And no two chunks are the same bytes.
      const files = (await readdir(join(dist, 'assets'))).filter((file) => file.endsWith('.js'))
      const contents = await Promise.all(files.map((file) => readFile(join(dist, 'assets', file))))
      const digests = contents.map((code) => createHash('sha256').update(code).digest('hex'))
      expect(files.filter((_file, index) => digests.indexOf(digests[index] as string) !== index)).toEqual([])

      // The first paint: the page's entry chunk and every chunk it imports statically.
      const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0]
      expect(entry).toBe('index.html')
      const firstPaint = new Set<string>()
      const visit = (key: string) => {
        const chunk = manifest[key]
        if (!chunk || firstPaint.has(chunk.file)) return
        firstPaint.add(chunk.file)
        for (const next of chunk.imports ?? []) visit(next)
      }
      visit(entry as string)
      const size = async (file: string) => gzip(await readFile(join(dist, file)))
      const firstPaintGzip = (await Promise.all([...firstPaint].map(size))).reduce(
        (sum, bytes) => sum + bytes,
        0,
      )
      const totalGzip = contents.reduce((sum, code) => sum + gzip(code), 0)
      const totalRaw = contents.reduce((sum, code) => sum + code.length, 0)
      console.log(
        `fresh Vite app: npm install ${(installMs / 1000).toFixed(1)} s, vite build ${(buildMs / 1000).toFixed(1)} s; ` +
          `first-paint JS ${kb(firstPaintGzip)} gzip (${firstPaint.size} files, React, wagmi and TanStack Query included); ` +
          `all JS ${kb(totalGzip)} gzip, ${kb(totalRaw)} raw in ${files.length} files`,
      )
    },
    INSTALL_TIMEOUT_MS + 300_000,
  )

  it('in Chromium: connects the test wallet, signs and sends through wagmi, and Portico’s balance follows', async () => {
    const urls = stack()
    const site = await startStaticSite({
      root: join(app, 'dist'),
      host: '127.0.0.1',
      port: 0,
      // The test wallet, as a browser extension would be: it announces itself through EIP-6963.
      headHtml:
        `<script>window.__PORTICO_TEST_WALLET__=${JSON.stringify({ rpcBase: urls.devnet, solanaRpcBase: urls.solanaDevnet })}</script>` +
        `<script src="${urls.wallet}/inject.js"></script>`,
    })
    siteUrl = site.url
    stopSite = () => site.app.close()

    const address = visitorAccount(ACCOUNT_INDEX).address
    await fundOnChain1(address, { eth: '5' })
    const context = await contextWithWalletAccount(ACCOUNT_INDEX)
    const page = await context.newPage()
    const pageErrors: string[] = []
    page.on('pageerror', (error) => pageErrors.push(error.message))
    await page.goto(siteUrl)
    const text = (testId: string) => async () => (await page.getByTestId(testId).textContent()) ?? ''
    await expect.poll(text('wagmi-status')).toBe('disconnected')

    // Portico's button connects; wagmi follows through Portico's connector.
    await connectButton(page).click()
    await pickTestWallet(page)
    await approveInWallet(page)
    await expect.poll(text('wagmi-status'), { timeout: 15_000 }).toBe('connected')
    await expect.poll(text('wagmi-address')).toBe(address)
    await expect.poll(text('portico-balance'), { timeout: 15_000 }).toMatch(/^5(\.0*)?$/)

    const followedMs = await signAndSendThroughWagmi(page)
    console.log(`fresh Vite app: Portico's balance followed a wagmi-sent transaction in ${followedMs} ms`)
    // The dApp switches the language with @portico/core's setLocale: the modal, bundled in
    // @portico/react's open path, follows (one locale store for the page and the modal).
    await page.getByRole('button', { name: 'Deutsch' }).click()
    await connectButton(page).click()
    await modal(page).getByRole('button', { name: 'Trennen' }).waitFor()
    await page.keyboard.press('Escape')
    // The installed packages run in a production build without an error (development JSX, for one, throws).
    expect(pageErrors).toEqual([])
    await context.close()
  }, 120_000)
})
