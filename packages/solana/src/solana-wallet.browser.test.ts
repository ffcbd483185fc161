import { createServer, type Server } from 'node:http'
import { join } from 'node:path'
import { SOLANA_DEV_ADDRESSES, SOLANA_USDC, type SolanaDevnet, startSolanaDevnet } from '@portico/devnet'
import { launchChromium } from '@portico/e2e/launch-chromium'
import {
  address,
  createSolanaRpc,
  getBase58Encoder,
  getPublicKeyFromAddress,
  type SignatureBytes,
  verifySignature,
} from '@solana/kit'
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import type { Browser, Page } from 'playwright-core'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WalletTestPage } from './testing/wallet-test-page.js'

// @portico/solana and the test wallet's Solana half, bundled for the browser and run in Chromium against the
// local Solana devnet: discovery, connect, signMessage, signAndSendTransaction of SOL and USDC.
const ACCOUNT_INDEX = 4
const owner = SOLANA_DEV_ADDRESSES[ACCOUNT_INDEX] as string

type PageApi = WalletTestPage

describe('@portico/solana with the test wallet in Chromium', () => {
  let devnet: SolanaDevnet
  let server: Server
  let browser: Browser
  let page: Page
  let script: string

  beforeAll(async () => {
    devnet = await startSolanaDevnet({
      port: 0,
      clusters: ['devnet'],
      slotMs: 50,
      confirmedAfterMs: 0,
      finalizedAfterMs: 0,
    })
    const output = await build({
      configFile: false,
      logLevel: 'silent',
      root: import.meta.dirname,
      resolve: { conditions: ['portico:source', 'browser', 'module', 'import', 'default'] },
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        write: false,
        minify: false,
        lib: {
          entry: join(import.meta.dirname, 'testing/wallet-test-page.ts'),
          formats: ['iife'],
          name: 'porticoSolanaTest',
        },
      },
    })
    const first = (Array.isArray(output) ? output[0] : output) as { output: { code?: string }[] }
    script = first.output[0]?.code ?? ''
    server = createServer((request, response) => {
      if (request.url === '/app.js') {
        response.writeHead(200, { 'content-type': 'text/javascript' })
        response.end(script)
        return
      }
      response.writeHead(200, { 'content-type': 'text/html' })
      response.end('<!doctype html><html><body><script src="/app.js"></script></body></html>')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as { port: number }).port
    browser = await launchChromium()
    page = await browser.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(`http://127.0.0.1:${port}/`)
    if (errors.length > 0) throw new Error(`the test page failed: ${errors.join('; ')}`)
  }, 120_000)

  afterAll(async () => {
    await browser?.close()
    await new Promise((resolve) => server?.close(resolve))
    await devnet?.stop()
  })

  /** Runs `run` in the page with the page's API as its first argument. */
  const api = <T, A = undefined>(run: (page: PageApi, arg: A) => T | Promise<T>, arg?: A) =>
    page.evaluate(
      ([source, value]) => new Function('page', 'arg', `return (${source})(page, arg)`)(window, value),
      [run.toString(), arg] as const,
    ) as Promise<T>

  it('lists the wallet once it registers, after the app started looking', async () => {
    await api((w) => w.portico.watch())
    expect(await api((w) => w.listed)).toEqual([])
    await api(
      (w, [base, index]: [string, number]) => w.portico.register(base, index),
      [devnet.url, ACCOUNT_INDEX],
    )
    expect(await api((w) => w.listed)).toEqual([
      { name: 'Portico Test Wallet', chains: ['solana:mainnet', 'solana:devnet', 'solana:testnet'] },
    ])
  })

  it('connects and signs a message whose signature verifies with the account key', async () => {
    expect(await api((w) => w.portico.connect())).toEqual([owner])
    const text = 'Sign in to Portico'
    const signature = await api((w, message: string) => w.portico.signMessage(message), text)
    const key = await getPublicKeyFromAddress(address(owner))
    const bytes = getBase58Encoder().encode(signature) as SignatureBytes
    expect(await verifySignature(key, bytes, new TextEncoder().encode(text))).toBe(true)
  })

  it('sends SOL and USDC through the wallet, and the cluster credits the recipient', async () => {
    const rpc = createSolanaRpc(devnet.rpcUrl('devnet'))
    const recipient = SOLANA_DEV_ADDRESSES[5] as string
    const before = (await rpc.getBalance(address(recipient)).send()).value
    const solSignature = await api(
      (w, [url, to]: [string, string]) => w.portico.send(url, to, '123000000'),
      [devnet.rpcUrl('devnet'), recipient],
    )
    expect((await rpc.getSignatureStatuses([solSignature as never]).send()).value[0]?.err).toBeNull()
    expect((await rpc.getBalance(address(recipient)).send()).value - before).toBe(123_000_000n)

    // USDC to an address with no token account yet: the transfer creates it.
    const fresh = 'Hvq4jLbtGiJhFBoFh9y5k6yUJEcDvFrhEGtQT6c4gNMe'
    const usdcSignature = await api(
      (w, [url, to, mint]: [string, string, string]) =>
        w.portico.send(url, to, '2500000', { mint, decimals: 6 }),
      [devnet.rpcUrl('devnet'), fresh, SOLANA_USDC.mint],
    )
    expect((await rpc.getSignatureStatuses([usdcSignature as never]).send()).value[0]?.err).toBeNull()
    const [ata] = await findAssociatedTokenPda({
      owner: address(fresh),
      mint: SOLANA_USDC.mint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    expect((await rpc.getTokenAccountBalance(ata).send()).value.amount).toBe('2500000')
  })

  it('refuses send options outside the spec before the wallet sees them', async () => {
    expect(await api((w) => w.portico.badOptions())).toBe('BAD_OPTIONS')
  })
})
