import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { approveInWallet, closeBrowser, connectButton, modal, openDemo, walletRow } from './fixtures.js'

const dist = join(import.meta.dirname, '../apps/demo/dist')

interface ChunkInfo {
  isEntry: boolean
  imports: string[]
  dynamicImports: string[]
  modules: string[]
}
const chunks: Record<string, ChunkInfo> = JSON.parse(
  readFileSync(join(dist, '.vite/chunk-modules.json'), 'utf8'),
)

/** The chunks and everything they import statically: what must load before their code runs. */
function closure(start: readonly string[]): string[] {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const next of chunks[file]?.imports ?? []) visit(next)
  }
  for (const file of start) visit(file)
  return [...seen]
}

/** What the page must load before it paints. */
const entryClosure = () => closure(Object.keys(chunks).filter((file) => chunks[file]?.isEntry))

/** The chunk that holds a module of the workspace. */
const chunkOf = (modulePath: string) =>
  Object.keys(chunks).find((file) => chunks[file]?.modules.some((id) => id.includes(modulePath))) as string

/** The budget (issue 8) for what opening the modal may add to the first paint. */
const OPEN_BUDGET_GZIP_BYTES = 40 * 1024

const gzipBytes = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
const heavy = [
  /node_modules\/viem\//,
  /node_modules\/@wagmi\//,
  /evm-adapter/,
  /walletconnect/,
  /\/views\//,
  /\/modal\//,
]

describe('first paint', () => {
  afterAll(closeBrowser)

  it('the entry chunk graph holds no viem, wagmi, connector code or modal view', () => {
    const modules = entryClosure().flatMap((file) => chunks[file]?.modules ?? [])
    expect(modules.some((id) => id.includes('packages/react/src/connect-button'))).toBe(true)
    for (const pattern of heavy) expect(modules.filter((id) => pattern.test(id))).toEqual([])
  })

  it('opening the modal (shell and Connect view) adds at most 40 KB gzip to the first paint', () => {
    const entry = new Set(entryClosure())
    const opening = closure([
      chunkOf('packages/react/src/modal/modal-root'),
      chunkOf('packages/react/src/views/connect-view'),
    ]).filter((file) => !entry.has(file))
    expect(opening.length).toBeGreaterThan(0)
    const bytes = opening.reduce((sum, file) => sum + gzipBytes(file), 0)
    console.log(`opening the modal adds ${(bytes / 1024).toFixed(1)} KB gzip in ${opening.length} files`)
    expect(bytes).toBeLessThanOrEqual(OPEN_BUDGET_GZIP_BYTES)
  })

  it('loads the connector chunk only when the visitor picks a wallet', async () => {
    const { page, context } = await openDemo({ waitForIdle: true })
    const loaded = () =>
      page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name))
    const scripts = (await loaded()).filter((url) => url.endsWith('.js') && url.includes('/assets/'))
    const files = scripts.map((url) => `assets/${url.split('/assets/')[1]}`)
    const entry = entryClosure()
    const beforeClick = files.reduce((sum, file) => sum + gzipBytes(file), 0)
    const entryBytes = entry.reduce((sum, file) => sum + gzipBytes(file), 0)
    console.log(
      `JS before the first click: ${files.length} files, ${(beforeClick / 1024).toFixed(1)} KB gzip`,
    )
    console.log(`  of which the entry graph (first paint): ${(entryBytes / 1024).toFixed(1)} KB gzip`)
    expect(files.some((file) => file.includes('evm-adapter'))).toBe(false)
    expect(files.some((file) => file.includes('walletconnect'))).toBe(false)

    await connectButton(page).click()
    await walletRow(page).click()
    await approveInWallet(page)
    await modal(page).getByTestId('account-address').waitFor()
    expect((await loaded()).some((url) => url.includes('evm-adapter'))).toBe(true)
    // Connecting an injected wallet never loads the WalletConnect SDK.
    expect((await loaded()).some((url) => url.includes('walletconnect'))).toBe(false)
    await context.close()
  })
})
