import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const packageRoot = fileURLToPath(new URL('..', import.meta.url))
// Files only tests load: they may start a devnet.
const testOnly = (file: string) =>
  /\.test\.ts$/.test(file) || file === 'chain-api-test-helpers.ts' || file === 'devnet-test-process.ts'

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !testOnly(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
}

describe('chain API run-time dependencies', () => {
  it('do not include the devnet: chains and tokens come from the manifest it is given', async () => {
    const manifest = JSON.parse(await readFile(join(packageRoot, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>
    }
    expect(Object.keys(manifest.dependencies)).not.toContain('@portico/devnet')
    const importers = []
    for (const file of await sourceFiles(join(packageRoot, 'src'))) {
      if ((await readFile(file, 'utf8')).includes("'@portico/devnet'")) importers.push(file)
    }
    expect(importers).toEqual([])
  })
})
