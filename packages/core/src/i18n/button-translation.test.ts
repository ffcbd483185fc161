import { describe, expect, it } from 'vitest'
import { buttonText } from '../modal/button-messages.js'
import { translateButtons } from './button-translation.js'
import { setLocale } from './locale.js'
import de from './locales/de.js'
import ja from './locales/ja.js'

describe('the in-page buttons in the page language', () => {
  it('read English until the translation arrives, then the configured locale, then follow setLocale', async () => {
    expect(buttonText('connectWallet')).toBe('Connect wallet')
    await translateButtons('de-CH')
    expect(buttonText('connectWallet')).toBe(de.core.connectWallet)
    expect(buttonText('unknownNetwork')).toBe(de.core.unknownNetwork)
    await setLocale('ja')
    await expect.poll(() => buttonText('connectWallet')).toBe(ja.core.connectWallet)
    await setLocale('en-GB')
    await expect.poll(() => buttonText('connectWallet')).toBe('Connect wallet')
  })
})
