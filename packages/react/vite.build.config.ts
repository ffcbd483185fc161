/**
 * Pre-bundles the open path of @portico/react; `npm run build` runs it after `tsc`.
 *
 * `tsc` emits one file per module, like every package here: the first paint (`dist/index.js`, the
 * buttons and the provider) stays that way. This build then replaces `dist/modal/open-path.js` with
 * everything an open renders with (the modal shell, the modal runtime of @portico/core and the views
 * an open starts on) bundled into that one file, so a dApp's bundler gets it as one module and a cold
 * open costs one request however it splits chunks. The other views become chunks in `dist/chunks/`,
 * which import what they share with the open path from it.
 *
 * What the first paint already holds is imported, never bundled, so the dApp and the modal share one
 * instance of it (one React context, one store, one `instanceof` for errors):
 * - the first paint's own modules of this package, from `tsc`'s files;
 * - the first paint's modules of @portico/core, from core's build (`@portico/core/internal/<file>`), and
 *   the core modules whose state the dApp sets through core's exports (the locale);
 * - react, react-dom and zustand.
 * The runtime's own modules (wallet list, explorer client, auth, catalogue…) and zod, which only an
 * open needs, are bundled. "What the first paint holds" is measured: a build of `src/index.ts` alone
 * with @portico/core from its sources, after tree-shaking.
 */
import { readFileSync, rmSync } from 'node:fs'
import { isBuiltin } from 'node:module'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import {
  build,
  defaultClientConditions,
  defineConfig,
  type InlineConfig,
  type Plugin,
  parseAst,
  type Rolldown,
} from 'vite'

// The package ships production JSX whatever NODE_ENV the build runs under (vitest sets `test`): a dApp's
// production build has no `jsxDEV` in `react/jsx-dev-runtime`, so development JSX would throw there.
process.env.NODE_ENV = 'production'

const here = dirname(fileURLToPath(import.meta.url))
const sources = join(here, 'src/')
const coreSources = join(here, '../core/src/')
const dist = join(here, 'dist/')
const openPathEntry = join(sources, 'modal/open-path.ts')

/**
 * Core modules whose state the dApp drives through @portico/core's own exports (`setLocale`): the open
 * path imports them from core's build even when the first paint does not hold them, so the page and the
 * modal share one instance (a bundled copy would never hear the dApp's call).
 */
const sharedState = new Set([join(coreSources, 'i18n/locale.ts')])

/** Packages a dApp has on its first paint anyway. */
const firstPaintPackages = /^(react|react-dom|zustand|uqr)(\/|$)/
/** Peer dependencies the dApp installs itself (viem: the send and swap chunks import from it), never bundled. */
const peerPackages = /^viem(\/|$)/
const isSource = (id: string) => /\.tsx?$/.test(id) && (id.startsWith(sources) || id.startsWith(coreSources))

function common(plugins: Plugin[], entry: string, fileName: string): InlineConfig {
  return {
    configFile: false,
    root: here,
    logLevel: 'warn',
    plugins: [react(), ...plugins],
    resolve: { conditions: ['portico:source', ...defaultClientConditions] },
    build: {
      target: 'es2022',
      outDir: 'dist',
      emptyOutDir: false,
      copyPublicDir: false,
      // The dApp's bundler minifies; the package keeps readable code.
      minify: false,
      lib: { entry: { [fileName]: entry }, formats: ['es'] },
      rolldownOptions: {
        external: (id) => firstPaintPackages.test(id) || peerPackages.test(id) || isBuiltin(id),
        // The Connect view is also in its feature's lazy list: bundling it into the open path is
        // the point, so the bundler's note that its dynamic import is moot is dropped.
        onLog(level, log, handler) {
          const moot =
            log.code === 'INEFFECTIVE_DYNAMIC_IMPORT' && log.message.includes('src/modal/open-path.ts')
          if (!moot) handler(level, log)
        },
        output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  }
}

/**
 * Builds `config` in memory and collects, with `pick`, the modules of every chunk its entries reach
 * through static imports (lazy chunks are not part of the graph).
 */
async function entryGraphModules(
  config: InlineConfig,
  pick: (chunk: Rolldown.OutputChunk) => Iterable<string>,
): Promise<Set<string>> {
  const result = await build({ ...config, build: { ...config.build, write: false } })
  const chunks = (Array.isArray(result) ? result : [result])
    .flatMap((output) => ('output' in output ? output.output : []))
    .filter((item): item is Rolldown.OutputChunk => item.type === 'chunk')
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const modules = new Set<string>()
  const seen = new Set<string>()
  const visit = (name: string) => {
    const chunk = byName.get(name)
    if (!chunk || seen.has(name)) return
    seen.add(name)
    for (const id of pick(chunk)) modules.add(id)
    for (const next of chunk.imports) visit(next)
  }
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName)
  return modules
}

/** The source modules (this package's and core's) that the first paint holds after tree-shaking. */
function firstPaintModules(): Promise<Set<string>> {
  return entryGraphModules(common([], join(sources, 'index.ts'), 'index'), (chunk) =>
    Object.entries(chunk.modules)
      .filter(([id, module]) => isSource(id) && module.renderedLength > 0)
      .map(([id]) => id),
  )
}

/**
 * The modules the open path renders with: a build of `open-path.ts` alone with the first paint
 * imported, nothing written. They all go into its file, also those the other views share with it,
 * which the bundler would otherwise split into chunks of their own.
 */
function openPathModules(firstPaint: Set<string>): Promise<Set<string>> {
  return entryGraphModules(
    common([shareFirstPaint(firstPaint)], openPathEntry, 'open-path'),
    (chunk) => chunk.moduleIds,
  )
}

/** The names a TypeScript module exports, type-only ones marked `type `. */
function exportedNames(file: string): string[] {
  const names: string[] = []
  const { body } = parseAst(readFileSync(file, 'utf8'), { lang: 'ts' })
  for (const node of body) {
    if (node.type !== 'ExportNamedDeclaration') continue
    const { declaration } = node
    const typeOnly =
      node.exportKind === 'type' || /^TS(Interface|TypeAlias)Declaration$/.test(declaration?.type ?? '')
    if (declaration?.type === 'VariableDeclaration') {
      for (const item of declaration.declarations) if (item.id.type === 'Identifier') names.push(item.id.name)
    } else if (declaration && 'id' in declaration && declaration.id?.type === 'Identifier') {
      names.push(`${typeOnly ? 'type ' : ''}${declaration.id.name}`)
    }
    for (const specifier of node.specifiers) {
      if (specifier.exported.type !== 'Identifier') continue
      const typeSpecifier = typeOnly || specifier.exportKind === 'type'
      names.push(`${typeSpecifier ? 'type ' : ''}${specifier.exported.name}`)
    }
  }
  return names
}

/**
 * Imports of the first paint's modules point at the built files instead of being bundled. An
 * `export * from` is spelled out as the names it re-exports: a star re-export of a module imported
 * from outside would make the bundler keep a namespace object of everything behind it.
 */
function shareFirstPaint(firstPaint: Set<string>): Plugin {
  return {
    name: 'portico-share-first-paint',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !isSource(importer)) return null
      if (!source.startsWith('.') && !source.startsWith('@portico/core')) return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      if (!resolved || !(firstPaint.has(resolved.id) || sharedState.has(resolved.id))) return resolved
      const file = resolved.id.replace(/\.tsx?$/, '')
      if (file.startsWith(coreSources))
        return { id: `@portico/core/internal/${relative(coreSources, file)}`, external: true }
      return { id: join(dist, `${relative(sources, file)}.js`), external: true }
    },
    transform(code, id) {
      if (!isSource(id) || !code.includes('export *')) return null
      const spelled = code.replace(/^export \* from '(\.[^']+)'$/gm, (_statement, source: string) => {
        const file = join(dirname(id), source.replace(/\.js$/, '.ts'))
        return `export { ${exportedNames(file).join(', ')} } from '${source}'`
      })
      return { code: spelled, map: null }
    },
  }
}

/**
 * Checks that the open path is one file (it may import the first paint's files and packages, never a
 * chunk), and removes `tsc`'s files of the modules bundled here, so no second copy of them is left
 * for a bundler to find.
 */
function openPathIsOneFile(): Plugin {
  const bundled = new Set<string>()
  return {
    name: 'portico-open-path-one-file',
    buildStart() {
      rmSync(join(dist, 'modal/chunks'), { recursive: true, force: true })
    },
    generateBundle(_options, bundle) {
      const openPath = bundle['open-path.js']
      if (openPath?.type !== 'chunk') return this.error('open-path.js was not emitted')
      const chunks = openPath.imports.filter((name) => name in bundle)
      if (chunks.length)
        this.error(`open-path.js imports chunks (${chunks.join(', ')}): an open would be more requests`)
      for (const item of Object.values(bundle))
        if (item.type === 'chunk')
          for (const id of item.moduleIds) if (id.startsWith(sources)) bundled.add(id)
    },
    writeBundle() {
      for (const id of bundled) {
        const file = join(dist, relative(sources, id).replace(/\.tsx?$/, '.js'))
        rmSync(`${file}.map`, { force: true })
        if (file !== join(dist, 'modal/open-path.js')) rmSync(file, { force: true })
      }
    },
  }
}

export default defineConfig(async () => {
  const firstPaint = await firstPaintModules()
  const openPath = await openPathModules(firstPaint)
  const config = common([shareFirstPaint(firstPaint), openPathIsOneFile()], openPathEntry, 'open-path')
  const rolldownOptions = config.build?.rolldownOptions ?? {}
  return {
    ...config,
    build: {
      ...config.build,
      outDir: 'dist/modal',
      rolldownOptions: {
        ...rolldownOptions,
        // The open path's file may export more than its entry does (what the other views share with
        // it), so the group below becomes that file instead of a chunk behind a re-exporting entry.
        preserveEntrySignatures: 'allow-extension',
        output: {
          ...rolldownOptions.output,
          codeSplitting: {
            includeDependenciesRecursively: false,
            groups: [{ name: 'open-path', test: (id: string) => openPath.has(id) }],
          },
        },
      },
    },
  }
})
