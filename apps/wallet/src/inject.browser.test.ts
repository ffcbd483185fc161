import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { launchChromium } from '@portico/e2e/launch-chromium'
import type { Browser, Page } from 'playwright-core'
import { stringToHex } from 'viem'
import { build } from 'vite'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testWalletAddress } from './test-wallet-account.js'
import { type AnvilInstance, spawnAnvil } from './testing/spawn-anvil.js'

// The built inject.js in real Chromium: the only place the prompt, the badge and EIP-6963 can be checked for
// real. Debian's chromium must be on the PATH (.ci/run installs it).
const address = testWalletAddress(0)

// What the dApp page below exposes to the test, besides the wallet's own globals.
interface DappWindow {
  announcements: { info: Record<string, string>; provider: unknown }[]
  events: unknown[]
  call(method: string, params?: unknown[]): Promise<CallOutcome>
  ethereum?: { isPorticoTestWallet?: boolean }
}
interface CallOutcome {
  result?: unknown
  error?: { code: number; message: string }
}

const dappPage = `<!doctype html><html><head><style>button { color: rgb(255, 0, 0) }</style></head><body>
<button id="page-button">page button</button>
<script>
  window.announcements = []
  window.events = []
  window.addEventListener('eip6963:announceProvider', (event) => window.announcements.push(event.detail))
  window.dispatchEvent(new Event('eip6963:requestProvider'))
  const provider = window.announcements[0]?.provider
  provider?.on('accountsChanged', (accounts) => window.events.push(['accountsChanged', accounts]))
  provider?.on('chainChanged', (chainId) => window.events.push(['chainChanged', chainId]))
  window.call = (method, params) =>
    provider.request({ method, params }).then((result) => ({ result }), (error) => ({ error: { code: error.code, message: error.message } }))
</script></body></html>`

describe('inject.js in Chromium', () => {
  let outDir: string
  let anvil: AnvilInstance
  let server: Server
  let origin: string
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'portico-wallet-'))
    await build({
      configFile: join(import.meta.dirname, '../vite.config.ts'),
      build: { outDir },
      logLevel: 'silent',
    })
    anvil = await spawnAnvil(1)
    // Serves the dApp page and proxies /rpc/<chainId> to anvil, so the wallet talks to a real node same-origin.
    server = createServer(async (request, response) => {
      if (request.url?.startsWith('/rpc/')) {
        const chunks: Buffer[] = []
        for await (const chunk of request) chunks.push(chunk as Buffer)
        const upstream = await fetch(anvil.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: Buffer.concat(chunks),
        })
        response.writeHead(upstream.status, { 'content-type': 'application/json' })
        response.end(await upstream.text())
        return
      }
      response.writeHead(200, { 'content-type': 'text/html' })
      response.end(dappPage)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const serverAddress = server.address()
    origin = `http://127.0.0.1:${typeof serverAddress === 'object' && serverAddress ? serverAddress.port : 0}`
    browser = await launchChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await new Promise((resolve) => server?.close(resolve))
    await anvil?.stop()
    if (outDir) await rm(outDir, { recursive: true, force: true })
  })

  beforeEach(async () => {
    const context = await browser.newContext()
    page = await context.newPage()
    await page.addInitScript(`window.__PORTICO_TEST_WALLET__ = { rpcBase: '${origin}/rpc' }`)
    await page.addInitScript({ path: join(outDir, 'inject.js') })
    await page.goto(origin)
    return () => context.close()
  })

  const call = (method: string, params?: unknown[]) =>
    page.evaluate(([m, p]) => (window as unknown as DappWindow).call(m, p), [method, params] as const)

  it('announces itself per EIP-6963 and as window.ethereum', async () => {
    const announced = await page.evaluate(() => {
      const dapp = window as unknown as DappWindow
      const detail = dapp.announcements[0]
      return {
        count: dapp.announcements.length,
        info: detail?.info,
        frozen: Object.isFrozen(detail) && Object.isFrozen(detail?.info),
        isEthereum: detail?.provider === dapp.ethereum,
        flag: dapp.ethereum?.isPorticoTestWallet,
        handleAddress: window.porticoTestWallet?.address,
      }
    })
    // Once at install (before the page listened) and once on the page's requestProvider.
    expect(announced.count).toBe(1)
    expect(announced.info).toMatchObject({ name: 'Portico Test Wallet', rdns: 'dev.portico.testwallet' })
    expect(announced.info?.uuid).toMatch(/^[0-9a-f-]{36}$/)
    expect(announced.info?.icon).toMatch(/^data:image\/svg\+xml,/)
    expect(announced).toMatchObject({ frozen: true, isEthereum: true, flag: true, handleAddress: address })
  })

  it('connects through the visible prompt and reconnects silently after a reload', async () => {
    const pending = call('eth_requestAccounts')
    const dialog = page.getByRole('dialog', { name: 'Portico Test Wallet request' })
    await dialog.waitFor()
    expect(await page.locator('#portico-test-wallet-prompt').count()).toBe(1)
    expect(await dialog.textContent()).toContain(`Request from ${origin}`)
    await dialog.getByRole('button', { name: 'Approve' }).click()
    expect(await pending).toEqual({ result: [address] })
    expect(await page.locator('#portico-test-wallet-prompt').count()).toBe(0)

    await page.reload()
    expect(await call('eth_accounts')).toEqual({ result: [address] })
    expect(await page.locator('#portico-test-wallet-prompt').count()).toBe(0)
  })

  it('shows the decoded message, rejects with 4001, and keeps page styles out', async () => {
    await page.evaluate(() => window.porticoTestWallet?.setAutoApprove(true))
    await call('eth_requestAccounts')
    await page.evaluate(() => window.porticoTestWallet?.setAutoApprove(false))

    const pending = call('personal_sign', [stringToHex('Hello from the e2e test'), address])
    const dialog = page.getByRole('dialog', { name: 'Portico Test Wallet request' })
    await dialog.waitFor()
    expect(await dialog.textContent()).toContain('Hello from the e2e test')
    const rejectColor = await dialog
      .getByRole('button', { name: 'Reject' })
      .evaluate((b) => getComputedStyle(b).color)
    expect(rejectColor).not.toBe('rgb(255, 0, 0)')
    expect(await page.locator('#page-button').evaluate((b) => getComputedStyle(b).color)).toBe(
      'rgb(255, 0, 0)',
    )
    // Keyboard reachable: focus Reject and press Enter.
    await dialog.getByRole('button', { name: 'Reject' }).focus()
    await page.keyboard.press('Enter')
    expect((await pending).error).toEqual({ code: 4001, message: 'User rejected the request.' })
  })

  it('queues prompts one at a time and sends a transaction after approval', async () => {
    const connect = call('eth_requestAccounts')
    const dialog = page.getByRole('dialog', { name: 'Portico Test Wallet request' })
    await dialog.getByRole('button', { name: 'Approve' }).click()
    await connect
    const first = call('eth_sendTransaction', [{ to: testWalletAddress(7), value: '0xde0b6b3a7640000' }])
    const second = call('personal_sign', [stringToHex('second'), address])
    await expect.poll(() => dialog.textContent()).toContain('1 of 2 requests')
    expect(await dialog.textContent()).toContain(`Send 1 ETH to ${testWalletAddress(7)} on Ethereum (1)`)
    expect(await page.getByRole('dialog').count()).toBe(1)
    await dialog.getByRole('button', { name: 'Approve' }).click()
    const sent = await first
    expect(sent.result).toMatch(/^0x[0-9a-f]{64}$/)
    await expect.poll(() => dialog.textContent()).toContain('second')
    await dialog.getByRole('button', { name: 'Reject' }).click()
    expect((await second).error?.code).toBe(4001)
    const receipt = await call('eth_getTransactionReceipt', [sent.result])
    expect((receipt.result as { status: string }).status).toBe('0x1')
  })

  it('switches network and disconnects from the badge', async () => {
    const connect = call('eth_requestAccounts')
    await page.getByRole('button', { name: 'Approve' }).click()
    await connect
    const badge = page.locator('#portico-test-wallet-badge')
    expect(await badge.locator('.address').textContent()).toBe('0xf39F…2266')
    await badge.getByRole('combobox', { name: 'Wallet network' }).selectOption('11155111')
    expect(await call('eth_chainId')).toEqual({ result: '0xaa36a7' })
    // On a 375 px phone the whole badge stays on screen, its address on one line.
    await page.setViewportSize({ width: 375, height: 740 })
    const box = await badge.locator('.badge').boundingBox()
    expect(box && box.x + box.width).toBeLessThanOrEqual(375)
    expect((await badge.locator('.address').boundingBox())?.height).toBeLessThan(20)
    await badge.getByRole('button', { name: 'Disconnect' }).click()
    expect(await call('eth_accounts')).toEqual({ result: [] })
    expect(await page.evaluate(() => (window as unknown as DappWindow).events)).toEqual([
      ['accountsChanged', [address]],
      ['chainChanged', '0xaa36a7'],
      ['accountsChanged', []],
    ])
  })

  it('installs once even when the script runs twice, and fault modes reach the page', async () => {
    const script = await readFile(join(outDir, 'inject.js'), 'utf8')
    await page.addScriptTag({ content: script })
    expect(await page.locator('#portico-test-wallet-badge').count()).toBe(1)
    await page.evaluate(() => window.porticoTestWallet?.setFault('throw'))
    expect(await call('eth_requestAccounts')).toEqual({
      error: { code: undefined, message: 'Test wallet crashed' },
    })
  })
})
