import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { renderWalletPage } from './wallet-page.js'

describe('@portico/wallet in Node', () => {
  it('imports without a window and points at the built script', async () => {
    expect('window' in globalThis).toBe(false)
    const api = await import('./index.js')
    expect(api.TEST_WALLET_INFO).toMatchObject({
      name: 'Portico Test Wallet',
      rdns: 'dev.portico.testwallet',
    })
    expect(typeof api.createTestWalletProvider).toBe('function')
    expect(api.injectScriptPath).toMatch(/\/apps\/wallet\/dist\/inject\.js$/)
    expect(existsSync(api.injectScriptPath.replace(/dist\/inject\.js$/, 'src/inject.ts'))).toBe(true)
  })

  it('renders the wallet page with the address and the script tag to copy', () => {
    const html = renderWalletPage({
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      scriptUrl: 'http://127.0.0.1:3005/inject.js',
    })
    expect(html).toContain('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    expect(html).toContain('&lt;script src="http://127.0.0.1:3005/inject.js"&gt;&lt;/script&gt;')
    expect(html).toContain('<script src="inject.js"></script>')
  })
})
