import type { Wallet } from '@wallet-standard/base'
import { afterEach, describe, expect, it, vi } from 'vitest'

// The registry is the page's, once per module: each test gets a page (`window`) and fresh modules.
// The wallet side is the standard's own (`@wallet-standard/wallet`), and `@wallet-standard/app` is the
// reference app side the hand-written registry replaces.

const wallet = (name: string): Wallet => ({
  version: '1.0.0',
  name,
  icon: 'data:image/svg+xml;base64,PHN2Zy8+',
  chains: ['solana:devnet'],
  features: {},
  accounts: [],
})

async function freshPage() {
  vi.resetModules()
  vi.stubGlobal('window', new EventTarget())
  const [{ watchRegisteredWallets }, { registerWallet }] = await Promise.all([
    import('./wallet-standard-registry.js'),
    import('@wallet-standard/wallet'),
  ])
  return { watchRegisteredWallets, registerWallet }
}

const names = (wallets: readonly Wallet[]) => wallets.map((each) => each.name)

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('watchRegisteredWallets (the Wallet Standard app side)', () => {
  it('lists a wallet loaded before the app and one loaded after it, each once', async () => {
    const { watchRegisteredWallets, registerWallet } = await freshPage()
    const early = wallet('Early')
    registerWallet(early)
    const reports: string[][] = []
    const stop = watchRegisteredWallets((wallets) => reports.push(names(wallets)))
    // The early wallet answered the app-ready event before the first report.
    expect(reports).toEqual([['Early']])
    registerWallet(wallet('Late'))
    expect(reports.at(-1)).toEqual(['Early', 'Late'])
    // The same wallet object registering again is no second row, and no change to report.
    registerWallet(early)
    expect(reports).toEqual([['Early'], ['Early', 'Late']])
    stop()
    registerWallet(wallet('Unseen'))
    expect(reports.at(-1)).toEqual(['Early', 'Late'])
  })

  it('drops a wallet that unregisters, and a second registration of it cannot unregister it', async () => {
    const { watchRegisteredWallets } = await freshPage()
    let api: { register(wallet: Wallet): () => void } | undefined
    window.addEventListener('wallet-standard:app-ready', (event) => {
      api = (event as CustomEvent).detail
    })
    const reports: string[][] = []
    watchRegisteredWallets((wallets) => reports.push(names(wallets)))
    const phantom = wallet('Phantom')
    const unregister = api?.register(phantom)
    const again = api?.register(phantom)
    again?.()
    expect(reports.at(-1)).toEqual(['Phantom'])
    unregister?.()
    expect(reports.at(-1)).toEqual([])
  })

  it('lists what @wallet-standard/app lists when both apps are on the page', async () => {
    const { watchRegisteredWallets, registerWallet } = await freshPage()
    const { getWallets } = await import('@wallet-standard/app')
    registerWallet(wallet('Before both'))
    let ours: readonly Wallet[] = []
    watchRegisteredWallets((wallets) => {
      ours = wallets
    })
    registerWallet(wallet('Between'))
    const reference = getWallets()
    registerWallet(wallet('After both'))
    expect(names(ours)).toEqual(['Before both', 'Between', 'After both'])
    expect(names(reference.get())).toEqual(names(ours))
  })

  it('lists nothing and throws nothing where there is no window (server rendering)', async () => {
    vi.resetModules()
    vi.stubGlobal('window', undefined)
    const { watchRegisteredWallets } = await import('./wallet-standard-registry.js')
    const reports: number[] = []
    watchRegisteredWallets((wallets) => reports.push(wallets.length))
    expect(reports).toEqual([0])
  })
})
