import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'

/** A function-like node longer than allowed, or a file. */
export interface Oversize {
  file: string
  name: string
  lines: number
}

/** Every source file under `dir` (tests and test helpers aside). */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .filter((entry) => !/\.test\.tsx?$|\.d\.ts$/.test(entry.name) && !entry.parentPath.includes('/testing'))
    .map((entry) => join(entry.parentPath, entry.name))
}

const lineOf = (source: ts.SourceFile, position: number) =>
  source.getLineAndCharacterOfPosition(position).line

function nameOf(node: ts.Node): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name)
    return node.name.getText()
  const parent = node.parent
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)))
    return parent.name.getText()
  return '(anonymous)'
}

/** The functions of `file` whose body spans more than `maxLines` lines, inner functions included. */
export function longFunctions(file: string, maxLines: number): Oversize[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const found: Oversize[] = []
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const lines = lineOf(source, node.getEnd()) - lineOf(source, node.getStart(source)) + 1
      if (lines > maxLines) found.push({ file, name: nameOf(node), lines })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

export const lineCount = (file: string) => readFileSync(file, 'utf8').split('\n').length
