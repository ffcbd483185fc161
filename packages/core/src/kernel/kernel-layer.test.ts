import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// The kernel shows nothing: it reaches no view, toast or modal state, and no feature. The modal's flow
// (flow/) and the features listen to its events instead.
const kernel = import.meta.dirname
const UI_LAYERS = /^\.\.\/(\.\.\/)?(modal|flow|features)\//

const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'([^']+)'/g)].map(
    (match) => match[1] as string,
  )

describe('kernel layer', () => {
  it('imports nothing from the modal, the flow or a feature', () => {
    const files = readdirSync(kernel, { recursive: true, encoding: 'utf8' }).filter(
      (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
    )
    expect(files.length).toBeGreaterThan(5)
    const reaching = files.flatMap((name) =>
      importsOf(join(kernel, name))
        .filter((specifier) => UI_LAYERS.test(specifier))
        .map((specifier) => `${name} → ${specifier}`),
    )
    expect(reaching).toEqual([])
    // The same check sees one: the flow's announcements reach the modal's toast helper.
    expect(importsOf(join(kernel, '../flow/kernel-announcements.ts')).some((s) => UI_LAYERS.test(s))).toBe(
      true,
    )
  })
})
