import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { serversClosedAfterEach } from './auth-test-helpers.js'

const start = serversClosedAfterEach()

describe('approval window page', () => {
  it('is served as a top-level page only: no frame may embed it, and it runs only its own scripts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-frame-'))
    writeFileSync(join(dir, 'index.html'), '<html></html>')
    const t = await start({ framePageDir: dir, allowedOrigins: { p1: ['https://dapp.example'] } })
    // Not built yet: the answer says what to build.
    const missing = await t.get('/frame/approve')
    expect(missing.statusCode).toBe(503)
    expect(missing.body).toContain('npm run build -w @portico/frame')

    writeFileSync(
      join(dir, 'approve.html'),
      '<!doctype html><html><head><script type="module" src="/frame/assets/approve.js"></script></head></html>',
    )
    const page = await t.get('/frame/approve')
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    const csp = String(page.headers['content-security-policy'])
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("script-src 'self';")
    expect(csp).toContain("connect-src 'none'")
    expect(page.headers['x-frame-options']).toBe('DENY')
    // The opener (the wallet frame) keeps its link to the window: no opener policy cuts it.
    expect(page.headers['cross-origin-opener-policy']).toBeUndefined()
    expect(page.body).toContain('/frame/assets/approve.js')
  }, 120_000)
})
