import { describe, expect, it } from 'vitest'
import { findLocaleProblems, findTranslationProblems } from './translation-check.js'

const source = {
  hello: 'Hello {name}',
  triesLeft: { one: '{n} try left', other: '{n} tries left' },
} as const

describe('translation completeness check', () => {
  it('accepts a complete translation with the locale’s plural forms', () => {
    const pl = {
      hello: 'Cześć {name}',
      triesLeft: { one: '{n} próba', few: '{n} próby', many: '{n} prób', other: '{n} próby' },
    }
    expect(findTranslationProblems(source, pl, 'pl')).toEqual([])
  })

  it('fails on a missing key, an extra key and a placeholder that differs', () => {
    expect(findTranslationProblems(source, { hello: 'Hallo {name}' }, 'de')).toEqual(['triesLeft: missing'])
    expect(
      findTranslationProblems(
        source,
        { hello: 'Hallo {name}', triesLeft: { one: '{n}', other: '{n}' }, bye: 'Tschüss' },
        'de',
      ),
    ).toEqual(['bye: not in the catalogue'])
    expect(
      findTranslationProblems(
        source,
        { hello: 'Hallo {nome}', triesLeft: { one: '{n}', other: '{n}' } },
        'de',
      ),
    ).toEqual(['hello: placeholders {nome} instead of {name}'])
  })

  it('fails on plural forms the locale needs but lacks, or never uses', () => {
    const ar = { hello: 'مرحبا {name}', triesLeft: { one: '{n}', other: '{n}' } }
    expect(findTranslationProblems(source, ar, 'ar')).toEqual([
      'triesLeft: plural forms zero, two, few, many missing',
    ])
    const ja = { hello: 'こんにちは {name}', triesLeft: { one: '{n}', other: '{n}' } }
    expect(findTranslationProblems(source, ja, 'ja')).toEqual(['triesLeft: plural forms one unused in ja'])
  })

  it('fails on a catalogue a locale file names but the package lacks, and on a missing one', () => {
    expect(findLocaleProblems([{ id: 'a', messages: { x: 'X' } }], { b: { x: 'Y' } }, 'de')).toEqual([
      'de a.x: missing',
      'de b: no such catalogue',
    ])
  })
})
