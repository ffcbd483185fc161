/// <reference types="vite/client" />
import { findTranslationProblems } from '@portico/core/internal'
import { TRANSLATED_LOCALES } from '@portico/wire'
import { afterEach, describe, expect, it } from 'vitest'
import {
  frameLocale,
  frameParts,
  framePlural,
  frameStrings,
  frameText,
  setFrameLocale,
} from './frame-strings.js'

const files = import.meta.glob<{ default: Record<string, unknown> }>('./frame-locales/*.ts', { eager: true })

afterEach(() => setFrameLocale('en'))

describe('the wallet frame’s translations', () => {
  it('has a file for every shipped locale', () => {
    expect(
      Object.keys(files)
        .map((file) => file.slice('./frame-locales/'.length, -3))
        .sort(),
    ).toEqual([...TRANSLATED_LOCALES].sort())
  })

  it.each(TRANSLATED_LOCALES)('%s has every string, no other, with the same placeholders', (locale) => {
    expect(
      findTranslationProblems(frameStrings, files[`./frame-locales/${locale}.ts`]?.default, locale),
    ).toEqual([])
  })

  it('follows the locale it is told, falling back to English for one it has no text for', async () => {
    await setFrameLocale('de-AT')
    expect(frameLocale()).toBe('de-AT')
    expect(frameText('approve')).toBe('Bestätigen')
    expect(frameText('secured', { host: 'auth.example' })).toBe(
      'Geschützt durch die Portico-Wallet · auth.example',
    )
    await setFrameLocale('sw')
    expect(frameLocale()).toBe('en')
    expect(frameText('approve')).toBe('Approve')
  })

  it('counts in plural forms: every text with a count {n} has them', () => {
    const counted = Object.entries(frameStrings).filter(([, entry]) =>
      (typeof entry === 'string' ? [entry] : Object.values(entry)).some((text) => text.includes('{n}')),
    )
    expect(counted.map(([key]) => key)).toEqual(['exportWrongCode', 'exportLocked'])
    expect(counted.filter(([, entry]) => typeof entry === 'string')).toEqual([])
  })

  it('picks the plural form the locale’s rules ask for, the count written as the locale writes numbers', async () => {
    expect(framePlural('exportWrongCode', 1)).toBe('This code does not match your wallet. 1 try left.')
    expect(framePlural('exportWrongCode', 4)).toBe('This code does not match your wallet. 4 tries left.')
    await setFrameLocale('ru')
    expect(framePlural('exportWrongCode', 1)).toMatch(/Осталась 1 попытка\.$/)
    expect(framePlural('exportWrongCode', 3)).toMatch(/Осталось 3 попытки\.$/)
    expect(framePlural('exportLocked', 15)).toMatch(/через 15 минут\.$/)
    await setFrameLocale('ar')
    expect(framePlural('exportWrongCode', 2)).toMatch(/محاولتان\.$/)
    expect(framePlural('exportLocked', 15)).toMatch(/بعد 15 دقيقة\.$/)
    await setFrameLocale('fa')
    expect(framePlural('exportLocked', 15)).toMatch(/^تلاش‌های نادرست زیادی انجام شد\. ۱۵ دقیقه/)
  })

  it('keeps a value given left to right apart from the words around it', async () => {
    const origin = { ltr: 'https://dapp.example' }
    expect(frameParts('requestedBy', { origin })).toEqual([origin, ' asks your wallet to:'])
    await setFrameLocale('ar')
    const parts = frameParts('requestedBy', { origin })
    expect(parts).toContain(origin)
    expect(parts.filter((part) => typeof part === 'string').join('')).toMatch(/[\u0600-\u06FF]/)
    expect(frameText('requestedBy', { origin })).toContain('https://dapp.example')
    // A placeholder with no value given stays as written, rather than vanishing.
    expect(frameParts('secured')).toContain('{host}')
  })
})
