import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import Fastify, { type FastifyInstance } from 'fastify'

export interface StaticSiteOptions {
  root: string
  host: string
  port: number
  /** HTML inserted before `</head>` of index.html (runtime config, the test wallet script). */
  headHtml?: string
  /**
   * More pages, by the path they are served at (`/wagmi/`), each an HTML file under `root` that gets the
   * same `headHtml`; a page whose file is missing is not served.
   */
  pages?: Readonly<Record<string, string>>
  /** The site's own backend routes (same origin as its pages), registered before it listens. */
  routes?: (app: FastifyInstance) => PromiseLike<unknown>
}

/** Serves a built site: hashed assets cached for a year, index.html never cached. */
export async function startStaticSite(
  options: StaticSiteOptions,
): Promise<{ url: string; app: FastifyInstance }> {
  const indexPath = join(options.root, 'index.html')
  const indexHtml = await readFile(indexPath, 'utf8').catch(() => {
    throw new Error(`${indexPath} is missing: build it first (npm run build).`)
  })
  const withHead = (html: string) =>
    options.headHtml ? html.replace('</head>', `${options.headHtml}\n</head>`) : html
  const page = withHead(indexHtml)
  const pages = new Map<string, string>()
  for (const [path, file] of Object.entries(options.pages ?? {})) {
    const html = await readFile(join(options.root, file), 'utf8').catch(() => undefined)
    if (html !== undefined) pages.set(path, withHead(html))
  }
  const pageFiles = new Set(Object.values(options.pages ?? {}).map((file) => `/${file}`))

  // A browser's keep-alive sockets must not hold close() open (Fastify keeps them 72 s).
  const app = Fastify({ logger: false, forceCloseConnections: true })
  await app.register(fastifyStatic, {
    root: options.root,
    index: false,
    // index.html is answered below, with the runtime config inserted.
    allowedPath: (path) => path !== '/index.html' && !pageFiles.has(path),
    setHeaders(res, path) {
      if (path.includes(`${join(options.root, 'assets')}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable')
      }
    },
  })
  const sendIndex = (_request: unknown, reply: import('fastify').FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page)
  app.get('/', sendIndex)
  app.get('/index.html', sendIndex)
  for (const [path, html] of pages)
    app.get(path, (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html),
    )
  await options.routes?.(app)
  const address = await app.listen({ host: options.host, port: options.port })
  return { url: address, app }
}
