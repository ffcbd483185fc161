import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseCircular, parseDependencyTree } from 'dpdm'
import { describe, expect, it } from 'vitest'

// No import circle in any workspace, type-only imports and dynamic imports included: a circle means two
// modules each need the other to be understood, which is what the layers (connection, flow, features)
// are there to prevent.

const root = fileURLToPath(new URL('../', import.meta.url))
const workspaces = ['packages', 'services', 'apps'].flatMap((group) =>
  readdirSync(join(root, group)).map((name) => join(root, group, name)),
)

/** Every source file of a folder (tests aside): each is an entry, reachable from an index or not. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .filter((entry) => !entry.parentPath.includes('node_modules') && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
}

async function circlesIn(dir: string, tsconfig: string): Promise<string[][]> {
  const tree = await parseDependencyTree(sourceFiles(dir), {
    context: dir,
    transform: false,
    skipDynamicImports: false,
    exclude: /node_modules/,
    tsconfig,
  })
  // A workspace that imports another by its sources (the stack, the demo) answers for its own files only.
  return parseCircular(tree)
    .filter((circle) => circle.every((file) => !relative(dir, join(dir, file)).startsWith('..')))
    .map((circle) => circle.map((file) => relative(root, join(dir, file))))
}

describe('import graph', () => {
  it('finds a circle when there is one (a fixture of two files importing each other)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-circles-'))
    writeFileSync(join(dir, 'a.ts'), "import type { B } from './b.js'\nexport type A = B | 1\n")
    writeFileSync(join(dir, 'b.ts'), "import type { A } from './a.js'\nexport type B = A[]\n")
    writeFileSync(join(dir, 'tsconfig.json'), '{ "compilerOptions": { "module": "nodenext" } }')
    expect(await circlesIn(dir, join(dir, 'tsconfig.json'))).toHaveLength(1)
  })

  it.each(
    workspaces.filter((dir) => ['src', 'tsconfig.json'].every((name) => readdirSync(dir).includes(name))),
  )(
    'has no import circle in %s',
    async (dir) => {
      expect(await circlesIn(join(dir, 'src'), join(dir, 'tsconfig.json'))).toEqual([])
    },
    60_000,
  )
})
