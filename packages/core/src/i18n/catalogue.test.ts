import { afterEach, describe, expect, it, vi } from 'vitest'
import { defineMessages } from './catalogue.js'
import { formatAmount, formatCurrency, formatMonth } from './intl-format.js'
import { getLocale, localeStore, resolveLocale, setLocale } from './locale.js'

const source = {
  hello: 'Hello {name}',
  seconds: 'Wait {n} s',
  triesLeft: { one: '{n} try left', other: '{n} tries left' },
} as const

afterEach(() => setLocale('en-US'))

describe('message catalogue', () => {
  it('fills placeholders and picks the English plural form that fits the count', () => {
    const messages = defineMessages({ id: 'test', messages: source })
    expect(messages.t('hello', { name: 'Ada' })).toBe('Hello Ada')
    expect(messages.plural('triesLeft', 1)).toBe('1 try left')
    expect(messages.plural('triesLeft', 0)).toBe('0 tries left')
    expect(messages.plural('triesLeft', 2)).toBe('2 tries left')
  })

  it('writes numbers in the active locale', async () => {
    const messages = defineMessages({ id: 'test', messages: source })
    await setLocale('de-DE')
    expect(messages.t('seconds', { n: 1500 })).toBe('Wait 1.500 s')
  })

  it('applies a loaded translation with its own plural rules, keeping English for what it lacks', async () => {
    const load = vi.fn(async (locale: string) =>
      locale === 'pl'
        ? {
            hello: 'Cześć {name}',
            triesLeft: {
              one: 'Została {n} próba',
              few: 'Zostały {n} próby',
              many: 'Zostało {n} prób',
              other: 'Zostało {n} próby',
            },
          }
        : undefined,
    )
    const messages = defineMessages({ id: 'test', messages: source, load })
    const revision = localeStore.getState().revision
    await setLocale('pl-PL')
    // The full tag first, then its language.
    expect(load.mock.calls.map(([locale]) => locale).slice(-2)).toEqual(['pl-PL', 'pl'])
    expect(localeStore.getState().revision).toBeGreaterThan(revision)
    expect(messages.t('hello', { name: 'Ada' })).toBe('Cześć Ada')
    expect(messages.t('seconds', { n: 3 })).toBe('Wait 3 s')
    expect(messages.plural('triesLeft', 1)).toBe('Została 1 próba')
    expect(messages.plural('triesLeft', 3)).toBe('Zostały 3 próby')
    expect(messages.plural('triesLeft', 5)).toBe('Zostało 5 prób')
    await setLocale('en-US')
    expect(messages.t('hello', { name: 'Ada' })).toBe('Hello Ada')
  })

  it('a catalogue defined after the locale was set loads its translation by itself', async () => {
    await setLocale('fr-FR')
    const load = vi.fn(async () => ({ hello: 'Bonjour {name}' }))
    const messages = defineMessages({ id: 'late', messages: source, load })
    await messages.load(getLocale())
    expect(messages.t('hello', { name: 'Ada' })).toBe('Bonjour Ada')
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('shows English while a translation fails to load, and loads it on the next try', async () => {
    let fail = true
    const messages = defineMessages({
      id: 'flaky',
      messages: source,
      load: async (locale) => {
        if (fail) throw new Error('offline')
        return locale === 'es' ? { hello: 'Hola {name}' } : undefined
      },
    })
    await expect(setLocale('es-ES')).rejects.toThrow('Could not load the es-ES messages of flaky')
    expect(messages.t('hello', { name: 'Ada' })).toBe('Hello Ada')
    fail = false
    await setLocale('es-ES')
    expect(messages.t('hello', { name: 'Ada' })).toBe('Hola Ada')
  })
})

describe('locale', () => {
  it('takes the config locale, else the browser one, else en-US', () => {
    expect(resolveLocale('pt-br')).toBe('pt-BR')
    vi.stubGlobal('navigator', { language: 'nl-NL' })
    expect(resolveLocale('not a locale!')).toBe('nl-NL')
    vi.stubGlobal('navigator', { language: '' })
    expect(resolveLocale()).toBe('en-US')
    vi.unstubAllGlobals()
  })
})

describe('Intl formatting', () => {
  it('truncates amounts to the shown decimals, exactly, grouped as the active locale groups digits', async () => {
    expect(formatAmount('10000')).toBe('10,000')
    expect(formatAmount('1234.56789')).toBe('1,234.567')
    expect(formatAmount('1234.5')).toBe('1,234.5')
    expect(formatAmount('999999999999999999.9999')).toBe('999,999,999,999,999,999.999')
    expect(formatAmount('0.123456789123456789123', 6)).toBe('0.123456')
    await setLocale('de-DE')
    expect(formatAmount('1234.56789')).toBe('1.234,567')
    expect(formatAmount('1234.5')).toBe('1.234,5')
    expect(formatCurrency(1_000_000)).toBe('1.000.000,00\u00a0$')
    expect(formatMonth(Date.UTC(2026, 2))).toBe('März 2026')
  })
})

describe('translation sources', () => {
  it('give a catalogue without a load of its own its text, by its id, and English regions fetch nothing', async () => {
    const { addTranslationSource } = await import('./catalogue.js')
    const asked: string[] = []
    addTranslationSource(async (locale) => {
      asked.push(locale)
      return locale.startsWith('de') ? { 'source-test': { hello: 'Hallo {name}' } } : undefined
    })
    const messages = defineMessages({ id: 'source-test', messages: { hello: 'Hello {name}' } })
    await setLocale('de-AT')
    expect(messages.t('hello', { name: 'Ada' })).toBe('Hallo Ada')
    asked.length = 0
    await setLocale('en-GB')
    expect(messages.t('hello', { name: 'Ada' })).toBe('Hello Ada')
    expect(asked).toEqual([])
  })

  // The modal's chunks evaluate in any order: a feature's catalogue may look for its text before the
  // package that holds it has added its source. It must not stay in English for the page's life.
  it('a catalogue that looked before its source was added finds its text once it is', async () => {
    const { addTranslationSource } = await import('./catalogue.js')
    await setLocale('fr')
    const messages = defineMessages({ id: 'late-source-test', messages: { hello: 'Hello' } })
    await messages.load('fr')
    expect(messages.t('hello')).toBe('Hello')
    const before = localeStore.getState().revision
    addTranslationSource(async (locale) =>
      locale === 'fr' ? { 'late-source-test': { hello: 'Bonjour' } } : undefined,
    )
    await expect.poll(() => messages.t('hello')).toBe('Bonjour')
    // The views hear of it: the revision moved, so they render again.
    expect(localeStore.getState().revision).toBeGreaterThan(before)
  })
})
