import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { escapeHtml, htmlPage } from './html.js'
import type { MailCaptureServer } from './mail-capture-server.js'
import { parseRequest } from './parse-request.js'

const inboxQuerySchema = z.object({ to: z.string().max(320).optional() })

/** The demo inbox over the capture server: a page for people, JSON for tests. */
export const inboxRoutes: FastifyPluginAsync<{ capture: MailCaptureServer }> = async (app, { capture }) => {
  app.get('/inbox/messages', async (request) => {
    const { to } = parseRequest(inboxQuerySchema, request.query)
    return capture.messages(to)
  })

  app.get('/inbox', async (request, reply) => {
    const { to } = parseRequest(inboxQuerySchema, request.query)
    const mails = capture.messages(to)
    const list = mails
      .map(
        (
          mail,
        ) => `<div class="mail"><div class="meta">To ${escapeHtml(mail.to)} · ${escapeHtml(mail.receivedAt)}</div>
<h3>${escapeHtml(mail.subject)}</h3><pre>${escapeHtml(mail.text)}</pre></div>`,
      )
      .join('\n')
    const body = `<h1>Portico local inbox</h1><p>Mail the auth service sent (newest first). Reload to see new mail.</p>
${list || '<p>No mail yet.</p>'}`
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(htmlPage('Inbox', body))
  })
}
