import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyPluginAsync } from 'fastify'

export interface ApprovalWindowRoutesOptions {
  /** The built frame page directory: approve.html beside index.html. */
  framePageDir: string
}

/**
 * The approval window's policy: its own scripts only, no network, and never inside a frame, so no page
 * can crop, cover or restyle the window where the visitor approves. No opener policy is set: the wallet
 * frame that opens it must keep its link to it.
 */
export const APPROVAL_WINDOW_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

/** The wallet's approval window, opened by the wallet frame for one signing request at a time. */
export const approvalWindowRoutes: FastifyPluginAsync<ApprovalWindowRoutesOptions> = async (app, options) => {
  app.get('/frame/approve', async (_request, reply) => {
    let html: string
    try {
      html = await readFile(join(options.framePageDir, 'approve.html'), 'utf8')
    } catch {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(
          `The wallet's approval window is not built: ${join(options.framePageDir, 'approve.html')} is missing. Run \`npm run build -w @portico/frame\`.`,
        )
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', APPROVAL_WINDOW_CSP)
      .header('x-frame-options', 'DENY')
      .header('referrer-policy', 'no-referrer')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-cache')
      .send(html)
  })
}
