/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest'
import { TRANSLATED_LOCALES } from './supported-locales.js'
import type { CheckedCatalogue } from './translation-check.js'
import { findLocaleProblems } from './translation-check.js'

/** Every catalogue of the core, found by its shape, so a new one is checked without listing it here. */
const catalogues: CheckedCatalogue[] = Object.values(
  import.meta.glob<Record<string, unknown>>(['../**/*messages.ts', '!../**/*.test.ts'], { eager: true }),
)
  .flatMap((module) => Object.values(module))
  .filter(
    (value): value is CheckedCatalogue =>
      typeof value === 'object' && value !== null && 'id' in value && 'messages' in value && 't' in value,
  )

const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*.ts', { eager: true })

describe('the core’s translations', () => {
  it('finds the core’s catalogues', () => {
    expect(catalogues.map(({ id }) => id).sort()).toEqual(expect.arrayContaining(['core', 'errors']))
  })

  it('has a file for every shipped locale and none other', () => {
    expect(
      Object.keys(files)
        .map((file) => file.slice('./locales/'.length, -3))
        .sort(),
    ).toEqual([...TRANSLATED_LOCALES].sort())
  })

  it.each(TRANSLATED_LOCALES)('%s has every message, no other, with the same placeholders', (locale) => {
    const file = files[`./locales/${locale}.ts`]
    expect(findLocaleProblems(catalogues, file?.default ?? {}, locale)).toEqual([])
  })
})
