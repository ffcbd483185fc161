import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { extname, join, normalize, sep } from 'node:path'
import { FRAME_CHECK_PATH, FRAME_ENV_GLOBAL, type FrameCheck, type FrameEnv } from '@portico/wire'
import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { type AllowedOrigins, projectIdSchema } from './allowed-origins.js'
import { AuthError } from './auth-errors.js'
import { escapeHtml, htmlPage } from './html.js'
import { parseRequest } from './parse-request.js'

export interface FrameRoutesOptions {
  /** The built frame page: index.html plus assets/. */
  framePageDir: string
  publicUrl: string
  rpcUrlTemplate: string
  solanaRpcUrlTemplate?: string | undefined
  /** The operator's bundler and paymaster (both or neither): the frame's sponsored batches. */
  bundlerUrlTemplate?: string | undefined
  paymasterUrlTemplate?: string | undefined
  defaultAccountType?: 'eoa' | 'smartAccount' | undefined
  smartAccountChainIds?: number[] | undefined
  chainIds?: number[] | undefined
  /** The exact dApp origins of each project; the frame of a project embeds only in those. */
  allowedOrigins: AllowedOrigins
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.html': 'text/html; charset=utf-8',
}

const frameQuerySchema = z.object({
  projectId: z.string().min(1).max(200),
  chainId: z.string().max(100).optional(),
})

const frameCheckQuerySchema = z.object({ projectId: projectIdSchema })

/** The CSP frame-ancestors source list of one project: exactly its origins. */
export function frameAncestors(origins: readonly string[]): string {
  return origins.length > 0 ? origins.join(' ') : "'none'"
}

/** Puts the env script before the first script of the page, so the frame's code finds it on load. */
export function injectFrameEnv(html: string, envScript: string): string {
  const at = html.search(/<script\b/i)
  if (at >= 0) return `${html.slice(0, at)}${envScript}${html.slice(at)}`
  const head = html.search(/<\/head>/i)
  return head >= 0 ? `${html.slice(0, head)}${envScript}${html.slice(head)}` : `${envScript}${html}`
}

/** The env script and the CSP of one project's frame page (its origins in both). */
function projectPage(options: FrameRoutesOptions, origins: readonly string[]) {
  // What the page parses with the same schema on load.
  const env: FrameEnv = {
    authUrl: options.publicUrl,
    rpcUrlTemplate: options.rpcUrlTemplate,
    ...(options.solanaRpcUrlTemplate ? { solanaRpcUrlTemplate: options.solanaRpcUrlTemplate } : {}),
    ...(options.bundlerUrlTemplate && options.paymasterUrlTemplate
      ? { bundlerUrlTemplate: options.bundlerUrlTemplate, paymasterUrlTemplate: options.paymasterUrlTemplate }
      : {}),
    ...(options.chainIds ? { chainIds: options.chainIds } : {}),
    ...(options.defaultAccountType ? { defaultAccountType: options.defaultAccountType } : {}),
    ...(options.smartAccountChainIds ? { smartAccountChainIds: options.smartAccountChainIds } : {}),
    allowedOrigins: [...origins],
  }
  // '<' is escaped so no value can close the script element.
  const envJs = `window.${FRAME_ENV_GLOBAL}=${JSON.stringify(env).replace(/</g, '\\u003c')}`
  const envHash = createHash('sha256').update(envJs).digest('base64')
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'sha256-${envHash}'`,
    "style-src 'self' 'unsafe-inline'",
    `connect-src 'self' ${rpcSources(options)}`.trim(),
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors(origins)}`,
  ].join('; ')
  return { envScript: `<script>${envJs}</script>`, csp }
}

/** The hidden wallet frame page, embeddable only by the exact origins of the project it is asked for. */
export const frameRoutes: FastifyPluginAsync<FrameRoutesOptions> = async (app, options) => {
  const pages = new Map(
    Object.entries(options.allowedOrigins).map(([projectId, origins]) => [
      projectId,
      projectPage(options, origins),
    ]),
  )

  app.get('/frame', async (request, reply) => {
    const { projectId } = parseRequest(frameQuerySchema, request.query)
    const page = Object.hasOwn(options.allowedOrigins, projectId) ? pages.get(projectId) : undefined
    if (!page) {
      // Not a frame at all: nothing to embed, and a page that says what to configure.
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .header('content-security-policy', "frame-ancestors 'none'")
        .header('cache-control', 'no-store')
        .send(
          htmlPage(
            'Unknown project',
            `<h1>Unknown project</h1><p>The project <code>${escapeHtml(projectId)}</code> may not embed the wallet frame: add it to AUTH_ALLOWED_ORIGINS.</p>`,
          ),
        )
    }
    let html: string
    try {
      html = await readFile(join(options.framePageDir, 'index.html'), 'utf8')
    } catch {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(
          `The wallet frame page is not built: ${join(options.framePageDir, 'index.html')} is missing. Run \`npm run build -w @portico/frame\`.`,
        )
    }
    return (
      reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', page.csp)
        // Not no-referrer: under it the frame's own POSTs would carry `Origin: null` and be refused.
        .header('referrer-policy', 'same-origin')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-cache')
        .send(injectFrameEnv(html, page.envScript))
    )
  })

  // Why a dApp's frame does not load (the browser shows the refused frame to nobody): the modal asks here
  // and names the origin and the setting to change. It tells only what the dApp's own code already holds.
  app.get(FRAME_CHECK_PATH, async (request, reply) => {
    const { projectId } = parseRequest(frameCheckQuerySchema, request.query)
    const origin = typeof request.headers.origin === 'string' ? request.headers.origin : null
    const origins = Object.hasOwn(options.allowedOrigins, projectId)
      ? options.allowedOrigins[projectId]
      : undefined
    const answer: FrameCheck = {
      projectId,
      projectKnown: origins !== undefined,
      origin,
      originAllowed: origin !== null && (origins?.includes(origin) ?? false),
    }
    if (origin !== null) reply.header('access-control-allow-origin', origin).header('vary', 'origin')
    return reply.header('cache-control', 'no-store').send(answer)
  })

  app.get<{ Params: { '*': string } }>('/frame/assets/*', async (request, reply) => {
    const relative = normalize(request.params['*'])
    const root = join(options.framePageDir, 'assets')
    const file = join(root, relative)
    if (relative.startsWith('..') || !file.startsWith(root + sep))
      throw new AuthError('NOT_FOUND', 'No such asset')
    let content: Buffer
    try {
      content = await readFile(file)
    } catch {
      throw new AuthError('NOT_FOUND', 'No such asset')
    }
    return reply
      .type(CONTENT_TYPES[extname(file)] ?? 'application/octet-stream')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(content)
  })
}

/**
 * The origins the frame may call: its EVM and Solana RPC templates', and the operator's bundler and
 * paymaster when both are set (a dApp-supplied paymaster URL is never among them).
 */
export function rpcSources(options: FrameRoutesOptions): string {
  const sponsorship =
    options.bundlerUrlTemplate && options.paymasterUrlTemplate
      ? [options.bundlerUrlTemplate, options.paymasterUrlTemplate]
      : []
  const sources = [options.rpcUrlTemplate, options.solanaRpcUrlTemplate, ...sponsorship]
    .map((template) => (template ? connectSources(template) : ''))
    .filter((source) => source !== '')
  return [...new Set(sources)].join(' ')
}

/** The RPC origin(s) the frame may call, from a template like http://127.0.0.1:8545/{chainId}. */
function connectSources(template: string): string {
  try {
    const url = new URL(template.replace(/\{[^}]*\}/g, 'x'))
    return `${url.protocol}//${url.host}`
  } catch {
    return ''
  }
}
