import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../../..')

/** The sources that hold the styles a visitor sees: the modal and buttons, the wallet frame, the auth pages. */
const styleRoots = ['packages/react/src', 'packages/frame/src/page', 'services/auth/src', 'apps/demo/src']

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter(
      (entry) =>
        entry.isFile() && /\.(ts|tsx|css|html)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name),
    )
    .map((entry) => join(entry.parentPath, entry.name))
}

/** Physical properties and values that do not follow the writing direction; their logical forms do. */
const PHYSICAL = [
  /(?:^|[{;\s"'`])(?:left|right)\s*:(?!\s*[A-Za-z_$]+\s*[,}(])/,
  /\b(?:margin|padding|border|scroll-margin|scroll-padding)-(?:left|right)\b/,
  /\bborder-(?:top|bottom)-(?:left|right)-radius\b/,
  /\btext-align\s*:\s*(?:left|right)\b/,
  /\bfloat\s*:\s*(?:left|right)\b/,
  /\bclear\s*:\s*(?:left|right)\b/,
]

/** The physical left/right CSS in `text`, as `line: text`. */
export function physicalCss(text: string): string[] {
  return text
    .split('\n')
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => !/^\s*(\/\/|\*|\/\*)/.test(line) && PHYSICAL.some((pattern) => pattern.test(line)))
    .map(({ line, index }) => `${index + 1}: ${line.trim().slice(0, 160)}`)
}

describe('styles follow the writing direction', () => {
  it('finds physical left/right in a style rule (the check itself)', () => {
    expect(physicalCss('.a{margin-left:4px}')).toHaveLength(1)
    expect(physicalCss('.a{padding-right:4px}')).toHaveLength(1)
    expect(physicalCss('.a{text-align:left}')).toHaveLength(1)
    expect(physicalCss('.t{top:0;left:anchor(left,0px);right:0}')).toHaveLength(1)
    expect(physicalCss('.a{border-top-left-radius:4px}')).toHaveLength(1)
    expect(physicalCss('.a{margin-inline-start:4px;text-align:start;inset-inline-end:0}')).toEqual([])
  })

  it('no style source uses physical left/right: logical properties only', () => {
    const found = styleRoots.flatMap((dir) =>
      sources(dir).flatMap((file) =>
        physicalCss(readFileSync(file, 'utf8')).map((hit) => `${relative(root, file)}:${hit}`),
      ),
    )
    expect(found).toEqual([])
  })
})
