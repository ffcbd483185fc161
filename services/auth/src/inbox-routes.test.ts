import { describe, expect, it } from 'vitest'
import { serversClosedAfterEach } from './auth-test-helpers.js'
import { createSmtpMailer } from './mailer.js'

const start = serversClosedAfterEach()

/** Starts a server and mails `text` to reader@example.com through its capture server, as any sender could. */
async function withMail(text: string, subject = 'Hello') {
  const t = await start()
  const mailer = createSmtpMailer(`smtp://127.0.0.1:${t.server.mail.smtpPort}`, 'sender@example.com')
  await mailer.send({ to: 'reader@example.com', subject, text })
  await mailer.close()
  await t.nextMail('reader@example.com')
  return t
}

const linksIn = (html: string) => [...html.matchAll(/<a\b[^>]*>/g)].map((match) => match[0])

describe('mail inbox page', () => {
  it('turns the http(s) URLs of a mail into links, query and punctuation kept right', async () => {
    const t = await withMail(
      'Confirm: https://auth.example/auth/v1/device/confirm?token=abc&next=1. Or http://localhost:3004/x (old).',
    )
    const page = await t.app.inject({ method: 'GET', url: '/inbox' })
    expect(linksIn(page.body)).toEqual([
      '<a href="https://auth.example/auth/v1/device/confirm?token=abc&amp;next=1" target="_blank" rel="noopener noreferrer">',
      '<a href="http://localhost:3004/x" target="_blank" rel="noopener noreferrer">',
    ])
    expect(page.body).toContain('next=1</a>. Or')
    expect(page.body).toContain('/x</a> (old).')
  })

  it('escapes markup in a mail and never links another scheme', async () => {
    const t = await withMail(
      [
        '<script>alert(1)</script>',
        '<img src=x onerror=alert(2)>',
        'javascript:alert(3)',
        '<a href="javascript:alert(4)">click</a>',
        'data:text/html,<script>alert(5)</script>',
        'https://evil.example/"onmouseover="alert(6)',
        "https://evil.example/'><script>alert(7)</script>",
      ].join('\n'),
      '<b>subject</b>',
    )
    for (const url of ['/inbox', '/inbox/list']) {
      const { body } = await t.app.inject({ method: 'GET', url })
      expect(body).not.toMatch(/<script>alert|<img|<b>|onmouseover="|href="(?!https:\/\/evil\.example\/")/)
      expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
      expect(body).toContain('&lt;b&gt;subject&lt;/b&gt;')
      // Only the two https URLs, each cut where the markup begins.
      expect(linksIn(body).map((link) => link.match(/href="([^"]*)"/)?.[1])).toEqual([
        'https://evil.example/',
        'https://evil.example/',
      ])
    }
  })

  it('runs only its own script, allowed by a fresh nonce, under a strict CSP', async () => {
    const t = await withMail('<script>alert(1)</script>')
    const first = await t.app.inject({ method: 'GET', url: '/inbox' })
    const second = await t.app.inject({ method: 'GET', url: '/inbox' })
    const csp = String(first.headers['content-security-policy'])
    const nonce = csp.match(/script-src 'nonce-([^']+)'/)?.[1]
    expect(nonce).toBeTruthy()
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("connect-src 'self'")
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https?:/)
    expect(second.headers['content-security-policy']).not.toContain(nonce)
    const scripts = [...first.body.matchAll(/<script\b[^>]*>/g)].map((match) => match[0])
    expect(scripts).toEqual([`<script nonce="${nonce}">`])
  })

  it('serves the list the page polls, its newest id changing when mail arrives', async () => {
    const t = await withMail('first')
    const before = await t.app.inject({ method: 'GET', url: '/inbox/list' })
    const page = await t.app.inject({ method: 'GET', url: '/inbox' })
    expect(page.body).toContain(`data-newest="${before.headers['x-inbox-newest']}"`)
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${t.server.mail.smtpPort}`, 'sender@example.com')
    await mailer.send({ to: 'reader@example.com', subject: 'Second', text: 'second' })
    await mailer.close()
    const after = await t.app.inject({ method: 'GET', url: '/inbox/list' })
    expect(Number(after.headers['x-inbox-newest'])).toBeGreaterThan(Number(before.headers['x-inbox-newest']))
    expect(after.body.indexOf('second')).toBeLessThan(after.body.indexOf('first'))
    const filtered = await t.app.inject({ method: 'GET', url: '/inbox/list?to=nobody@example.com' })
    expect(filtered.body).toBe('<p>No mail yet.</p>')
    const tooLong = await t.app.inject({ method: 'GET', url: `/inbox/list?to=${'a'.repeat(400)}` })
    expect(tooLong.statusCode).toBe(400)
  })
})
