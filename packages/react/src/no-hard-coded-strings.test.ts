import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../../..')

/** The views a visitor reads: the modal, its buttons and views, and the wallet frame's page. */
const viewRoots = ['packages/react/src', 'packages/frame/src/page']

/** Attributes a visitor reads or hears (screen readers read labels and titles). */
const TEXT_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'title', 'placeholder', 'alt', 'label'])
/** DOM properties the frame page fills with text. */
const TEXT_PROPERTIES = new Set(['textContent', 'innerText', 'placeholder', 'ariaLabel'])

/** A string a visitor would read: it has a word in it (not a class name, symbol or number). */
const isWords = (text: string) => /\p{L}{2,}/u.test(text.replace(/\{\w+\}/g, ''))

function files(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter(
      (entry) =>
        entry.isFile() &&
        /\.tsx?$/.test(entry.name) &&
        !/\.test\.tsx?$|\.d\.ts$|(^|-)messages\.ts$|frame-strings\.ts$|styles?\.ts$/.test(entry.name) &&
        !entry.parentPath.includes('/locales') &&
        !entry.parentPath.includes('/testing'),
    )
    .map((entry) => join(entry.parentPath, entry.name))
}

/** Visitor-visible strings written in `source` rather than taken from a catalogue, as `line: text`. */
export function hardCodedStrings(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  )
  const found: string[] = []
  const report = (node: ts.Node, text: string) =>
    found.push(`${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${text.trim()}`)
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && isWords(node.text)) report(node, node.text)
    if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText())) {
      const value = node.initializer
      const literal =
        value && ts.isJsxExpression(value) && value.expression && ts.isStringLiteralLike(value.expression)
          ? value.expression
          : value
      if (literal && ts.isStringLiteral(literal) && isWords(literal.text)) report(node, literal.text)
      if (literal && ts.isNoSubstitutionTemplateLiteral(literal) && isWords(literal.text))
        report(node, literal.text)
    }
    if (
      ts.isJsxExpression(node) &&
      node.expression &&
      ts.isStringLiteralLike(node.expression) &&
      ts.isJsxElement(node.parent) &&
      isWords(node.expression.text)
    )
      report(node, node.expression.text)
    if (
      (ts.isPropertyAssignment(node) || ts.isBinaryExpression(node)) &&
      TEXT_PROPERTIES.has(
        ts.isPropertyAssignment(node)
          ? node.name.getText()
          : ts.isPropertyAccessExpression(node.left)
            ? node.left.name.text
            : '',
      )
    ) {
      const value = ts.isPropertyAssignment(node) ? node.initializer : node.right
      if (ts.isStringLiteralLike(value) && isWords(value.text)) report(node, value.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}

describe('every visitor-visible string comes from a catalogue', () => {
  it('finds text written into a view (the check itself)', () => {
    expect(hardCodedStrings('a.tsx', 'const a = <p>Connect wallet</p>')).toHaveLength(1)
    expect(hardCodedStrings('a.tsx', 'const a = <button aria-label="Close" />')).toHaveLength(1)
    expect(hardCodedStrings('a.tsx', "const a = <p>{'Loading'}</p>")).toHaveLength(1)
    expect(hardCodedStrings('a.ts', "el('p', { textContent: 'Approve' })")).toHaveLength(1)
    expect(hardCodedStrings('a.ts', "hint.textContent = 'Approve works'")).toHaveLength(1)
    expect(hardCodedStrings('a.tsx', 'const a = <p className="muted">{t(\'x\')} · {n}</p>')).toEqual([])
  })

  it('no view or frame page writes visitor-visible text of its own', () => {
    const found = viewRoots.flatMap((dir) =>
      files(dir).flatMap((file) =>
        hardCodedStrings(file, readFileSync(file, 'utf8')).map((hit) => `${relative(root, file)}:${hit}`),
      ),
    )
    expect(found).toEqual([])
  })
})
