import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { minifySync } from 'rolldown/experimental'
import type { Plugin } from 'vite'

/** Where a bundled module comes from; the bench sums gzip bytes per owner. */
export type Owner = 'react' | 'portico' | 'deps' | 'app' | 'runtime'

export interface ChunkReport {
  fileName: string
  isEntry: boolean
  imports: string[]
  dynamicImports: string[]
  /**
   * Per owner: that owner's code in this chunk, minified alone with the same minifier (oxc) and gzipped
   * at level 9. It is an estimate: run.ts scales these so the owners add up to the real file's gzip bytes.
   */
  owners: Partial<Record<Owner, { raw: number; gzip: number; modules: number }>>
  /** npm packages bundled into this chunk (from node_modules paths), React excluded. */
  packages: string[]
}

const packagesDir = fileURLToPath(new URL('../../packages/', import.meta.url))
/** A workspace package's sources or build (the Portico app bundles the builds, as a dApp would). */
const isPorticoPackage = (id: string) =>
  id.startsWith(packagesDir) && /^[^/]+\/(src|dist)\//.test(id.slice(packagesDir.length))

function ownerOf(id: string): Owner {
  if (id.startsWith('\0') || !id.startsWith('/')) return 'runtime'
  if (/\/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react'
  if (isPorticoPackage(id)) return 'portico'
  if (id.includes('/node_modules/')) return 'deps'
  if (id.includes('/vite/') || id.includes('vite/preload-helper')) return 'runtime'
  return 'app'
}

/** Script mode keeps top-level declarations (a module would drop the ones nothing here exports). */
function minified(code: string): string {
  try {
    const result = minifySync('owner.js', code, { module: false, compress: true, mangle: true })
    return result.errors.length === 0 ? result.code : code
  } catch {
    return code
  }
}

/** Writes dist/.vite/chunk-report.json: which owner's code went into which chunk, with gzip bytes. */
export function chunkReport(): Plugin {
  return {
    name: 'bench-chunk-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: ChunkReport[] = []
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue
        const code: Partial<Record<Owner, string[]>> = {}
        const packages = new Set<string>()
        for (const [id, module] of Object.entries(output.modules)) {
          const pkg = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1]
          if (pkg && ownerOf(id) === 'deps') packages.add(pkg)
          const owner = ownerOf(id)
          code[owner] ??= []
          code[owner].push(module.code ?? '')
        }
        const owners: ChunkReport['owners'] = {}
        for (const [owner, parts] of Object.entries(code) as [Owner, string[]][]) {
          const text = minified(parts.join('\n'))
          owners[owner] = {
            raw: Buffer.byteLength(text),
            gzip: gzipSync(text, { level: 9 }).length,
            modules: parts.length,
          }
        }
        chunks.push({
          fileName: output.fileName,
          isEntry: output.isEntry,
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          owners,
          packages: [...packages].sort(),
        })
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-report.json',
        source: JSON.stringify(chunks, null, 1),
      })
    },
  }
}
