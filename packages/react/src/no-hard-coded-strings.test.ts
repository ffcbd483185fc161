import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../../..')

/** The views a visitor reads: the modal, its buttons and views, and the wallet frame's page. */
const viewRoots = ['packages/react/src', 'packages/frame/src/page']

/** Where the auth service builds the HTML pages a visitor reads (the sign-in window, a mail's link). */
const pageRoots = ['services/auth/src']
/**
 * Its pages no visitor of a dApp reads: the development stand-ins for the identity providers and the
 * Farcaster app, the local mail inbox, and the frame's set-up error for the dApp's developer; the
 * operator's start-up refusals of development tools, and the tests' frame stand-in.
 */
const DEVELOPER_PAGES =
  /(embedded-identity-providers|farcaster-approve-routes|inbox-routes|frame-routes|mail-text-html|development-tools|auth-test-helpers)\.ts$/

/** Attributes a visitor reads or hears (screen readers read labels and titles). */
const TEXT_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'title', 'placeholder', 'alt', 'label'])
/** DOM properties the frame page fills with text. */
const TEXT_PROPERTIES = new Set(['textContent', 'innerText', 'placeholder', 'ariaLabel'])

/** A string a visitor would read: it has a word in it (not a class name, symbol or number). */
const isWords = (text: string) => /\p{L}{2,}/u.test(text.replace(/\{\w+\}/g, ''))

/** A string a visitor would read as text: words, with a space or a capital (not a camelCase key). */
const isSentence = (text: string) => isWords(text) && /\s|^\p{Lu}/u.test(text.trim())

/** Attributes of HTML written in a string that a visitor reads or hears. */
const HTML_TEXT_ATTRIBUTE = /\b(?:aria-label|title|placeholder|alt)="([^"]*)"/g

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

/**
 * Visitor-visible strings of a page builder written in `source` rather than taken from the catalogue, as
 * `line: text`: text between the tags of the HTML its string and template literals hold (values put in
 * with `${}` are not text; script code is told apart by its punctuation), text attributes of that HTML,
 * a page's `title`, and sentences handed to a function that makes a page (`donePage(reply, 'Done.')`).
 */
export function hardCodedPageStrings(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const found: string[] = []
  const report = (node: ts.Node, text: string) =>
    found.push(`${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${text.trim()}`)
  const literalText = (node: ts.Node): string | undefined => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text
    if (ts.isTemplateExpression(node))
      return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('\u0000')
    return undefined
  }
  const visit = (node: ts.Node) => {
    const html = literalText(node)
    if (html !== undefined) {
      for (const [, between = ''] of html.matchAll(/>([^<>]*)</g)) {
        const text = between.replaceAll('\u0000', ' ').replace(/&\w+;/g, ' ')
        if (isWords(text) && !/[{}();=]/.test(text)) report(node, text)
      }
      for (const [, value = ''] of html.matchAll(HTML_TEXT_ATTRIBUTE))
        if (isWords(value.replaceAll('\u0000', ''))) report(node, value)
    }
    if (
      ts.isPropertyAssignment(node) &&
      node.name.getText() === 'title' &&
      ts.isStringLiteralLike(node.initializer) &&
      isWords(node.initializer.text)
    )
      report(node, node.initializer.text)
    if (ts.isCallExpression(node)) {
      const callee = ts.isPropertyAccessExpression(node.expression)
        ? node.expression.name.text
        : node.expression.getText()
      if (/(^p|P)age$/.test(callee))
        for (const argument of node.arguments)
          if (ts.isStringLiteralLike(argument) && isSentence(argument.text)) report(argument, argument.text)
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

  it('finds text written into a page the auth service builds (the check itself)', () => {
    // Sources to check, with a template literal's `${}` as the page builders write it.
    const template = (html: string) => `const a = \`${html}\``
    const value = (name: string) => `$${'{'}${name}}`
    expect(
      hardCodedPageStrings('a.ts', template(`<h1>${value('title')}</h1><p>Sign-in complete.</p>`)),
    ).toHaveLength(1)
    expect(
      hardCodedPageStrings('a.ts', 'const a = \'<button type="submit">Continue</button>\''),
    ).toHaveLength(1)
    expect(
      hardCodedPageStrings('a.ts', template(`<button aria-label="Close">${value('x')}</button>`)),
    ).toHaveLength(1)
    expect(hardCodedPageStrings('a.ts', "sendScriptedPage(reply, { title: 'Sign-in', body })")).toHaveLength(
      1,
    )
    expect(hardCodedPageStrings('a.ts', "donePage(reply, 404, 'This link has expired.')")).toHaveLength(1)
    // Catalogue keys, values put in, and the page's script are no text of its own.
    expect(hardCodedPageStrings('a.ts', "donePage(reply, 404, language, 'signInLinkUsed')")).toEqual([])
    expect(
      hardCodedPageStrings(
        'a.ts',
        template(`<h1>${value("text('x')")}</h1>${value('open')}try{go()}catch(e){}</script>`),
      ),
    ).toEqual([])
  })

  it('no page of the auth service a visitor reads writes text of its own', () => {
    const found = pageRoots.flatMap((dir) =>
      files(dir)
        .filter((file) => !DEVELOPER_PAGES.test(file) && !/mail-strings\.ts$|mail-locales\//.test(file))
        .flatMap((file) =>
          hardCodedPageStrings(file, readFileSync(file, 'utf8')).map(
            (hit) => `${relative(root, file)}:${hit}`,
          ),
        ),
    )
    expect(found).toEqual([])
  })
})
