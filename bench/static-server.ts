import { readdir, readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, relative, sep } from 'node:path'

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
}

export interface StaticServer {
  url: string
  close(): Promise<void>
}

/**
 * Serves a dist folder on 127.0.0.1 from memory, as a CDN does (every file is read once at start, so an
 * app with many files is not charged for disk reads): identity encoding (loopback; gzip sizes are computed
 * from the files), `cache-control: no-store`, and an optional snippet written into index.html's <head>.
 */
export async function serveStatic(root: string, headSnippet = ''): Promise<StaticServer> {
  const files = new Map<string, { body: Buffer | string; type: string }>()
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = join(entry.parentPath, entry.name)
    const path = `/${relative(root, file).split(sep).join('/')}`
    let body: Buffer | string = await readFile(file)
    if (path === '/index.html' && headSnippet)
      body = body.toString().replace('<head>', `<head>${headSnippet}`)
    files.set(path, { body, type: types[extname(file)] ?? 'application/octet-stream' })
  }
  const server: Server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://x').pathname
    const file = files.get(pathname.endsWith('/') ? `${pathname}index.html` : pathname)
    if (!file) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' })
    response.end(file.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
