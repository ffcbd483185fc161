import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join, relative } from 'node:path'
import { promisify } from 'node:util'
import {
  Comment,
  type DeclarationReflection,
  type ProjectReflection,
  type ReferenceReflection,
  ReflectionKind,
} from 'typedoc'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_PACKAGES, buildApiReference } from './build-docs.js'

const docs = import.meta.dirname
const root = join(docs, '..')
/** TypeDoc and VitePress on a busy 2-core machine. */
const BUILD_TIMEOUT = 300_000

/** Every file under `dir` (recursively), as absolute paths. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))

/** Letters and digits only, so Markdown and HTML escaping does not matter when comparing text. */
const plain = (text: string) => text.replace(/[^A-Za-z0-9]/g, '')

/** A symbol's own doc comment: on the declaration, or on its (first) call signature. */
function docText(reflection: DeclarationReflection): string {
  const comment = reflection.comment ?? reflection.signatures?.[0]?.comment
  return comment ? Comment.combineDisplayParts(comment.summary).trim() : ''
}

/**
 * URLs of another host that a built page would load (scripts, styles, fonts, images, frames, preconnects,
 * imports and fetches). Links a reader clicks (`<a href>`) are not loads.
 */
export function externalLoads(file: string, text: string): string[] {
  const remote = String.raw`(?:https?:)?\/\/[^"'\s)>]+`
  const patterns = file.endsWith('.html')
    ? [new RegExp(String.raw`<(?!a\s)[a-z]+\s[^>]*?\b(?:src|href|srcset|data|poster)=["']?(${remote})`, 'gi')]
    : file.endsWith('.css')
      ? [
          new RegExp(String.raw`url\(\s*["']?(${remote})`, 'gi'),
          new RegExp(String.raw`@import\s+["']?(${remote})`, 'gi'),
        ]
      : [new RegExp(String.raw`\b(?:import|fetch|importScripts)\(\s*["'\`](${remote})`, 'g')]
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1] as string))
}

/** Where the site is built, and the build in flight (it runs beside the examples' type-check). */
const site = mkdtempSync(join(tmpdir(), 'portico-site-'))
let siteBuild: Promise<unknown> | undefined
afterAll(() => rmSync(site, { recursive: true, force: true }))

/** Builds the site in its own process, as `npm run docs:build` does (VitePress brings its own Vite and Vue). */
const buildSiteAside = () =>
  promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', join(docs, 'build-docs.ts'), '--site-only', `--out-dir=${site}`],
    {
      cwd: docs,
      maxBuffer: 64 * 1024 * 1024,
    },
  )

describe('the API reference', () => {
  let built: Awaited<ReturnType<typeof buildApiReference>>
  beforeAll(async () => {
    built = await buildApiReference()
    // The site's reference pages and sidebar are the ones just written to docs/api.
    siteBuild = buildSiteAside()
    siteBuild.catch(() => {})
  }, BUILD_TIMEOUT)

  it('builds with a doc comment on every export of every dApp package', () => {
    expect(built.problems).toEqual([])
    expect(built.project).toBeDefined()
  })

  it('has a page for every export, holding its doc comment', () => {
    const project = built.project as ProjectReflection
    const modules = project.getChildrenByKind(ReflectionKind.Module)
    expect(modules.map((module) => module.name).sort()).toEqual(
      API_PACKAGES.map((name) => `@portico/${name}`).sort(),
    )
    const pages = filesUnder(join(docs, 'api'))
    const missing: string[] = []
    for (const module of modules) {
      expect(module.children?.length ?? 0).toBeGreaterThan(3)
      for (const child of module.children ?? []) {
        // A symbol two packages export (WALLET_CONNECT_CONNECTOR_ID) has one page, which the other links to.
        const symbol = child.kindOf(ReflectionKind.Reference)
          ? ((child as unknown as ReferenceReflection).getTargetReflectionDeep() as DeclarationReflection)
          : child
        const home = join(docs, 'api', symbol.parent?.name ?? module.name)
        const page = pages.find(
          (file) => file.startsWith(`${home}/`) && basename(file) === `${symbol.name}.md`,
        )
        const doc = plain(docText(symbol)).slice(0, 60)
        if (!page) missing.push(`${module.name} ${child.name}: no page`)
        else if (!doc) missing.push(`${module.name} ${child.name}: no doc`)
        else if (!plain(readFileSync(page, 'utf8')).includes(doc))
          missing.push(`${module.name} ${child.name}: doc not on its page`)
      }
    }
    expect(missing).toEqual([])
  })

  it(
    'fails on an export without a doc comment',
    async () => {
      const fixture = mkdtempSync(join(tmpdir(), 'portico-api-'))
      try {
        writeFileSync(
          join(fixture, 'index.ts'),
          '/** Documented. */\nexport const documented = 1\nexport const bare = 2\n',
        )
        writeFileSync(
          join(fixture, 'tsconfig.json'),
          JSON.stringify({ compilerOptions: { strict: true }, files: ['index.ts'] }),
        )
        const { project, problems } = await buildApiReference({
          out: join(fixture, 'api'),
          entryPoints: [join(fixture, 'index.ts')],
          tsconfig: join(fixture, 'tsconfig.json'),
        })
        expect(project).toBeUndefined()
        expect(problems.join('\n')).toContain('bare')
        expect(problems.join('\n')).not.toContain('documented,')
      } finally {
        rmSync(fixture, { recursive: true, force: true })
      }
    },
    BUILD_TIMEOUT,
  )
})

describe('the examples', () => {
  /** Code blocks titled as a file (```tsx [App.tsx]) are whole files: each must type-check as it stands. */
  const EXAMPLE = /^```(tsx?) \[([\w.-]+)\]\n([\s\S]*?)^```$/gm
  const snippets = join(docs, '.vitepress/cache/snippets')

  it(
    'every example titled as a file in the README and the docs compiles (strict)',
    () => {
      rmSync(snippets, { recursive: true, force: true })
      mkdirSync(snippets, { recursive: true })
      const pages = [
        join(root, 'README.md'),
        ...filesUnder(docs).filter(
          (file) => file.endsWith('.md') && !/\/(api|node_modules|\.vitepress)\//.test(file),
        ),
      ]
      const files = pages.flatMap((page) =>
        [...readFileSync(page, 'utf8').matchAll(EXAMPLE)].map((match, index) => {
          const file = join(snippets, `${plain(relative(root, page))}-${index}.${match[1]}`)
          writeFileSync(file, match[3] as string)
          return file
        }),
      )
      expect(files.length).toBeGreaterThan(6)
      // A file that must not compile: the check reports what it finds (here, an unconfigured chain id).
      const broken = join(snippets, 'broken.ts')
      writeFileSync(
        broken,
        "import { evm } from '@portico/evm'\nimport { createPortico } from '@portico/react'\n" +
          "createPortico({ projectId: 'p', networks: [1, 8453], adapters: [evm()] }).switchNetwork(10)\n",
      )
      const { config } = ts.readConfigFile(join(root, 'tsconfig.base.json'), ts.sys.readFile)
      const { options } = ts.convertCompilerOptionsFromJson(config.compilerOptions, root)
      const program = ts.createProgram([...files, broken], { ...options, noEmit: true })
      const errors = ts
        .getPreEmitDiagnostics(program)
        .map(
          (diagnostic) =>
            `${relative(snippets, diagnostic.file?.fileName ?? '?')}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`,
        )
      expect(errors.filter((error) => !error.startsWith('broken.ts'))).toEqual([])
      expect(errors.filter((error) => error.startsWith('broken.ts'))).toHaveLength(1)
    },
    BUILD_TIMEOUT,
  )
})

describe('the built site', () => {
  beforeAll(async () => {
    if (!existsSync(join(docs, 'api/typedoc-sidebar.json'))) await buildApiReference()
    await (siteBuild ?? buildSiteAside())
  }, BUILD_TIMEOUT)

  it('has the guides, the migration guides, the self-hosting pages and the reference', () => {
    const pages = [
      'index.html',
      'getting-started.html',
      'guides/connect.html',
      'guides/wagmi.html',
      'guides/email-social.html',
      'guides/siwe.html',
      'guides/send-swap-onramp.html',
      'guides/names.html',
      'guides/solana.html',
      'guides/theming.html',
      'guides/typescript.html',
      'guides/ssr.html',
      'migration/web3modal.html',
      'migration/rainbowkit.html',
      'self-hosting.html',
      'services.html',
      'deployment.html',
      'configuration.html',
      'errors.html',
      'api/index.html',
      'api/@portico/react/functions/useNetwork.html',
      'api/@portico/evm/functions/porticoWagmiConfig.html',
    ]
    expect(pages.filter((page) => !existsSync(join(site, page)))).toEqual([])
  })

  it('loads nothing from another host: no font, CDN, analytics or search service', () => {
    const loads = filesUnder(site)
      .filter((file) => /\.(html|css|js)$/.test(file))
      .flatMap((file) =>
        externalLoads(file, readFileSync(file, 'utf8')).map((url) => `${relative(site, file)}: ${url}`),
      )
    expect(loads).toEqual([])
  })

  it('the check itself finds a remote font, script or import, and leaves links alone', () => {
    const html =
      '<link rel="preconnect" href="https://fonts.gstatic.com"><script src="//cdn.example/x.js"></script>' +
      '<a href="https://example.com/read-more">more</a><img src="/docs/assets/local.png">'
    expect(externalLoads('page.html', html)).toEqual(['https://fonts.gstatic.com', '//cdn.example/x.js'])
    expect(externalLoads('style.css', "@font-face{src:url('https://fonts.example/inter.woff2')}")).toEqual([
      'https://fonts.example/inter.woff2',
    ])
    expect(
      externalLoads('chunk.js', 'await import("https://esm.sh/vue");fetch(`/docs/hashmap.json`)'),
    ).toEqual(['https://esm.sh/vue'])
  })
})
