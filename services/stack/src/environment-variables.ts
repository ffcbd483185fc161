import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

/** A file that reads the environment: through process.env, an `env` parameter or an env schema. */
const READS_ENV = /process\.env|parseEnv\(|safeParse\(env\b|\benv\[|\benv\.[A-Z]/
const SCHEMA_KEY = /^\s+([A-Z][A-Z0-9_]*)\??:/gm
const PROPERTY = /\benv\.([A-Z][A-Z0-9_]*)\b|\benv\[['"]([A-Z][A-Z0-9_]*)['"]\]/g
const TEMPLATE = /\benv\[`([A-Z0-9_]*(?:\$\{[^}]*\}[A-Z0-9_]*)+)`\]/g

/**
 * Every environment variable the TypeScript sources under `roots` read, by name, with the files that
 * read it. A name built at run time (the AUTH_ provider variables) is reported as a pattern with
 * `<…>` for the varying part.
 */
export function environmentVariablesRead(repoRoot: string, roots: readonly string[]): Map<string, string[]> {
  const found = new Map<string, string[]>()
  const note = (name: string, file: string) => {
    const files = found.get(name) ?? []
    if (!files.includes(file)) files.push(file)
    found.set(name, files)
  }
  for (const file of roots.flatMap((root) => sourceFiles(join(repoRoot, root)))) {
    const text = readFileSync(file, 'utf8')
    if (!READS_ENV.test(text)) continue
    const where = relative(repoRoot, file)
    for (const match of text.matchAll(SCHEMA_KEY)) note(match[1] as string, where)
    for (const match of text.matchAll(PROPERTY)) note((match[1] ?? match[2]) as string, where)
    for (const match of text.matchAll(TEMPLATE))
      note((match[1] as string).replace(/\$\{[^}]*\}/g, '<…>'), where)
  }
  return found
}

/** The variable names a document lists in backticks; `<PROVIDER>`-style parts become `<…>`. */
export function documentedVariables(markdown: string): Set<string> {
  const names = new Set<string>()
  for (const match of markdown.matchAll(/`([A-Z][A-Z0-9_]*(?:<[A-Za-z_]+>[A-Z0-9_]*)*)`/g))
    names.add((match[1] as string).replace(/<[A-Za-z_]+>/g, '<…>'))
  return names
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name)
    if (name === 'node_modules' || name === 'dist') return []
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : []
  })
}
