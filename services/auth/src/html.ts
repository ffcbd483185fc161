import { createHash, randomBytes } from 'node:crypto'
import type { FastifyReply } from 'fastify'
import { type MailLanguage, pageLanguage } from './mail-language.js'

/** Escapes text for HTML bodies and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  )
}

/** The one inline style of every page (a CSP can allow exactly it by its hash). */
export const PAGE_STYLE = `body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#222}
input,button{font:inherit;padding:.5rem .75rem}button{cursor:pointer}pre{white-space:pre-wrap;background:#f4f4f4;padding:.75rem}
.mail{border-bottom:1px solid #ddd;padding:1rem 0}.meta{color:#666;font-size:.9rem}`

/** A small self-contained page (inline style only, no scripts unless given with a nonce). */
export function htmlPage(
  title: string,
  body: string,
  language: { lang: string; dir: 'ltr' | 'rtl' } = { lang: 'en', dir: 'ltr' },
): string {
  return `<!doctype html>
<html lang="${escapeHtml(language.lang)}" dir="${language.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}</style>
</head><body>${body}</body></html>`
}

const PAGE_STYLE_HASH = createHash('sha256').update(PAGE_STYLE).digest('base64')

/**
 * Sends a page whose one script carries a fresh nonce, under a CSP that allows that script, the page's own
 * style and nothing else: no other script, no framing, no base or form target unless asked for. The pages
 * show text from outside (mail, provider parameters); the CSP is what keeps that text inert.
 */
export function sendScriptedPage(
  reply: FastifyReply,
  page: {
    title: string
    /** The page's body; `script` is the `<script nonce>` opening tag to put the page's script in. */
    body: (script: string) => string
    /** Lets the script call this service. */
    connectSelf?: boolean
    /** Lets a form post back to this service. */
    formActionSelf?: boolean
    status?: number
    /** The language the page is written in (its `lang` and `dir`); English when absent. */
    language?: MailLanguage
  },
) {
  const nonce = randomBytes(16).toString('base64')
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'sha256-${PAGE_STYLE_HASH}'`,
    page.connectSelf ? "connect-src 'self'" : undefined,
    "base-uri 'none'",
    `form-action ${page.formActionSelf ? "'self'" : "'none'"}`,
    "frame-ancestors 'none'",
  ]
  return reply
    .code(page.status ?? 200)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('content-security-policy', csp.filter(Boolean).join('; '))
    .send(htmlPage(page.title, page.body(`<script nonce="${nonce}">`), pageLanguage(page.language)))
}
