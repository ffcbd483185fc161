/// <reference types="vite/client" />
import { findTranslationProblems } from '@portico/core'
import { TRANSLATED_LOCALES } from '@portico/wire'
import { afterEach, describe, expect, it } from 'vitest'
import { frameLocale, frameStrings, frameText, setFrameLocale } from './frame-strings.js'

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
})
