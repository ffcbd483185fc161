/// <reference types="vite/client" />

import { TRANSLATED_LOCALES } from '@portico/core'
import { type CheckedCatalogue, findLocaleProblems } from '@portico/core/internal'
import { describe, expect, it } from 'vitest'

/** Every catalogue of this package, found by its shape, so a new one is checked without listing it here. */
const catalogues: CheckedCatalogue[] = Object.values(
  import.meta.glob<Record<string, unknown>>(['../**/*messages.ts', '!../**/*.test.ts'], { eager: true }),
)
  .flatMap((module) => Object.values(module))
  .filter(
    (value): value is CheckedCatalogue =>
      typeof value === 'object' && value !== null && 'id' in value && 'messages' in value && 't' in value,
  )

const files = import.meta.glob<{ default: Record<string, unknown> }>(
  ['./*.ts', '!./*.test.ts', '!./react-*.ts'],
  { eager: true },
)

describe('this package’s translations', () => {
  it('finds this package’s catalogues', () => {
    expect(catalogues.map(({ id }) => id).sort()).toEqual(
      expect.arrayContaining(['modal', 'account', 'send-view']),
    )
  })

  it('has a file for every shipped locale and none other', () => {
    expect(
      Object.keys(files)
        .map((file) => file.slice(2, -3))
        .sort(),
    ).toEqual([...TRANSLATED_LOCALES].sort())
  })

  it.each(TRANSLATED_LOCALES)('%s has every message, no other, with the same placeholders', (locale) => {
    const file = files[`./${locale}.ts`]
    expect(findLocaleProblems(catalogues, file?.default ?? {}, locale)).toEqual([])
  })
})
