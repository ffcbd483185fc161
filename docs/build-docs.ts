// Builds the documentation site: the API reference from the packages' types (TypeDoc, Markdown into
// docs/api), then the VitePress site into docs/.vitepress/dist. `--api-only` stops after the reference;
// `--site-only` builds the site on the reference already there; `--out-dir=<dir>` writes it elsewhere. Offline: nothing is fetched, at build
// time or when a page is read (docs-site.test.ts checks the built site).
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { Application, Converter, type LogLevel, type ProjectReflection, ReflectionKind } from 'typedoc'
import type { PluginOptions as MarkdownOptions } from 'typedoc-plugin-markdown'

const docs = import.meta.dirname

/** typedoc-vitepress-theme's options (its package does not add them to TypeDoc's option types). */
interface VitePressThemeOptions {
  /** The VitePress root, for the sidebar's links. */
  docsRoot: string
  /** The sidebar TypeDoc writes beside the pages (typedoc-sidebar.json). */
  sidebar: { pretty: boolean }
}

/** The packages a dApp imports, whose every export the reference documents. */
export const API_PACKAGES = ['react', 'evm', 'solana', 'siwe', 'core']

/**
 * Writes the API reference of `entryPoints` into `out` as Markdown with VitePress's sidebar. An export
 * without a doc comment fails it: `project` is then undefined and `problems` says which.
 */
export async function buildApiReference({
  out = join(docs, 'api'),
  entryPoints = API_PACKAGES.map((name) => join(docs, `../packages/${name}/src/index.ts`)),
  tsconfig = join(docs, 'tsconfig.api.json'),
} = {}): Promise<{ project: ProjectReflection | undefined; problems: string[] }> {
  await rm(out, { recursive: true, force: true })
  // The plugins' options, which TypeDoc's own option type does not list.
  const pluginOptions: Partial<MarkdownOptions> & VitePressThemeOptions = {
    hidePageHeader: true,
    hideBreadcrumbs: true,
    docsRoot: docs,
    sidebar: { pretty: true },
  }
  const app = await Application.bootstrapWithPlugins({
    entryPoints,
    tsconfig,
    plugin: ['typedoc-plugin-markdown', 'typedoc-vitepress-theme'],
    out,
    readme: 'none',
    name: 'API reference',
    excludePrivate: true,
    excludeInternal: true,
    // Members inherited from the platform (Error.captureStackTrace…) are not Portico's to document.
    excludeExternals: true,
    disableSources: true,
    ...pluginOptions,
    // An exported symbol without a doc comment is a warning, and every warning fails the build.
    validation: { notExported: false, invalidLink: true, notDocumented: true },
    requiredToBeDocumented: ['Function', 'Class', 'Interface', 'TypeAlias', 'Variable', 'Enum'],
    treatValidationWarningsAsErrors: true,
  })
  const problems: string[] = []
  const log = app.logger.log.bind(app.logger)
  app.logger.log = (message: string, level: LogLevel) => {
    // Warnings (2) and errors (3).
    if (level >= 2) problems.push(message)
    log(message, level)
  }
  // Modules are named after their package (`@portico/react`, not `react/src`).
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const module of context.project.getChildrenByKind(ReflectionKind.Module)) {
      module.name = `@portico/${module.name.split('/')[0]}`
    }
  })
  const project = await app.convert()
  if (project) app.validate(project)
  if (!project || problems.length > 0) return { project: undefined, problems }
  await app.generateOutputs(project)
  return { project: problems.length > 0 ? undefined : project, problems }
}

/** Builds the VitePress site from docs/ (with the reference already in docs/api) into `outDir`. */
export async function buildSite({ outDir = join(docs, '.vitepress/dist') } = {}): Promise<void> {
  const { build } = await import('vitepress')
  await build(docs, { outDir })
}

if (process.argv[1] === import.meta.filename) {
  if (!process.argv.includes('--site-only')) {
    const started = Date.now()
    const { project } = await buildApiReference()
    if (!project) {
      console.error('The API reference failed: see the messages above.')
      process.exit(1)
    }
    console.log(`API reference written to docs/api (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  }
  const outDir = process.argv.find((arg) => arg.startsWith('--out-dir='))?.slice('--out-dir='.length)
  if (!process.argv.includes('--api-only')) await buildSite(outDir ? { outDir } : {})
}
