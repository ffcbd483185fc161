import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { escapeHtml, sendScriptedPage } from './html.js'
import type { CapturedMail, MailCaptureServer } from './mail-capture-server.js'
import { mailTextToHtml } from './mail-text-html.js'
import { parseRequest } from './parse-request.js'

const inboxQuerySchema = z.object({ to: z.string().max(320).optional() })

/** How often the open page asks for new mail. */
export const INBOX_REFRESH_MS = 1_500

/** The list of mail as HTML; each mail's text is escaped, its http(s) URLs are links. */
function mailListHtml(mails: CapturedMail[]): string {
  if (mails.length === 0) return '<p>No mail yet.</p>'
  return mails
    .map(
      (
        mail,
      ) => `<div class="mail"><div class="meta">To ${escapeHtml(mail.to)} · ${escapeHtml(mail.receivedAt)}</div>
<h3>${escapeHtml(mail.subject)}</h3><pre>${mailTextToHtml(mail.text)}</pre></div>`,
    )
    .join('\n')
}

/** The newest mail's id: the list changes exactly when it does (mail is only ever added). */
const newestId = (mails: CapturedMail[]) => String(mails[0]?.id ?? 0)

/** Polls the list fragment and swaps it in when the newest id changes; no external script, no eval. */
function refreshScript(open: string): string {
  return `${open}(function(){var list=document.getElementById('mails');
var url='/inbox/list'+location.search;function next(){setTimeout(refresh,${INBOX_REFRESH_MS})}
function refresh(){fetch(url,{cache:'no-store'}).then(function(r){if(!r.ok)return;var id=r.headers.get('x-inbox-newest');
if(id===list.getAttribute('data-newest'))return;return r.text().then(function(html){list.innerHTML=html;list.setAttribute('data-newest',id)})}).catch(function(){}).then(next)}next()})()</script>`
}

/** The demo inbox over the capture server: a page for people (it refreshes itself), JSON for tests. */
export const inboxRoutes: FastifyPluginAsync<{ capture: MailCaptureServer }> = async (app, { capture }) => {
  app.get('/inbox/messages', async (request) => {
    const { to } = parseRequest(inboxQuerySchema, request.query)
    return capture.messages(to)
  })

  app.get('/inbox/list', async (request, reply) => {
    const { to } = parseRequest(inboxQuerySchema, request.query)
    const mails = capture.messages(to)
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-inbox-newest', newestId(mails))
      .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
      .send(mailListHtml(mails))
  })

  app.get('/inbox', async (request, reply) => {
    const { to } = parseRequest(inboxQuerySchema, request.query)
    const mails = capture.messages(to)
    // Mail text is untrusted: only the page's own script runs, and it may only call this service.
    return sendScriptedPage(reply, {
      title: 'Inbox',
      body: (
        open,
      ) => `<h1>Portico local inbox</h1><p>Mail the auth service sent, newest first; new mail appears by itself.</p>
<div id="mails" aria-live="polite" data-newest="${newestId(mails)}">${mailListHtml(mails)}</div>${refreshScript(open)}`,
      connectSelf: true,
    })
  })
}
