import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { serversClosedAfterEach } from './auth-test-helpers.js'

const start = serversClosedAfterEach()

const PROJECTS = {
  shop: ['https://shop.example', 'https://www.shop.example'],
  local: ['http://127.0.0.1:3000'],
}

const ancestorsOf = (response: { headers: Record<string, unknown> }) =>
  String(response.headers['content-security-policy']).match(/frame-ancestors ([^;]*)/)?.[1]

describe('frame page', () => {
  it("serves a project's frame embeddable by exactly that project's origins", async () => {
    const t = await start({ allowedOrigins: PROJECTS })
    const shop = await t.get('/frame?projectId=shop&chainId=1')
    expect(shop.statusCode).toBe(200)
    expect(ancestorsOf(shop)).toBe('https://shop.example https://www.shop.example')
    expect(shop.body).toContain('"allowedOrigins":["https://shop.example","https://www.shop.example"]')
    expect(shop.body).not.toContain('127.0.0.1:3000')

    const local = await t.get('/frame?projectId=local')
    expect(ancestorsOf(local)).toBe('http://127.0.0.1:3000')
    expect(local.body).toContain('"allowedOrigins":["http://127.0.0.1:3000"]')
    expect(local.body).not.toContain('shop.example')
    // Another port of the same host is another origin: not in the list, and no wildcard lets it in.
    expect(ancestorsOf(local)).not.toMatch(/\*|:3001/)
  })

  it('tells the frame which chains its RPC serves, so the wallet switches to no other', async () => {
    const t = await start({ allowedOrigins: PROJECTS, chainIds: [1, 10] })
    const page = await t.get('/frame?projectId=shop')
    expect(page.body).toContain('"chainIds":[1,10]')
  })

  it('answers an unknown or missing project with a 4xx page that is not a frame', async () => {
    const t = await start({ allowedOrigins: PROJECTS })
    for (const projectId of ['other', '__proto__', 'constructor']) {
      const unknown = await t.get(`/frame?projectId=${projectId}`)
      expect(unknown.statusCode, projectId).toBe(404)
      expect(ancestorsOf(unknown)).toBe("'none'")
      expect(unknown.body).toContain('add it to AUTH_ALLOWED_ORIGINS')
      expect(unknown.body).not.toContain('__PORTICO_FRAME_ENV__')
    }
    expect((await t.get('/frame')).statusCode).toBe(400)
  })

  it('tells a page why its frame would not load: unknown project, or an origin the project does not list', async () => {
    const t = await start({ allowedOrigins: PROJECTS })
    const check = async (projectId: string, origin?: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/frame/check?projectId=${projectId}`,
        headers: origin ? { origin } : {},
      })
      return {
        status: response.statusCode,
        body: response.json(),
        cors: response.headers['access-control-allow-origin'],
      }
    }
    expect(await check('shop', 'https://shop.example')).toEqual({
      status: 200,
      body: { projectId: 'shop', projectKnown: true, origin: 'https://shop.example', originAllowed: true },
      cors: 'https://shop.example',
    })
    expect((await check('shop', 'http://127.0.0.1:3000')).body).toMatchObject({
      projectKnown: true,
      originAllowed: false,
    })
    for (const projectId of ['other', '__proto__']) {
      expect((await check(projectId, 'https://shop.example')).body).toMatchObject({
        projectKnown: false,
        originAllowed: false,
      })
    }
    // No Origin (not a browser's cross-origin fetch): nothing is allowed, and no CORS header is sent.
    expect(await check('shop')).toMatchObject({
      body: { origin: null, originAllowed: false },
      cors: undefined,
    })
    expect((await check('bad%20id', 'https://shop.example')).status).toBe(400)
  })

  it("defaults, in development, to the demo's exact origin only", async () => {
    const t = await start()
    const demo = await t.get('/frame?projectId=portico-demo')
    expect(ancestorsOf(demo)).toBe('http://127.0.0.1:3000')
    expect((await t.get('/frame?projectId=any-other')).statusCode).toBe(404)
  })

  it('refuses origins that are not exact', async () => {
    for (const origins of [['https://a.example/path'], ['http://localhost:*'], ['*'], []]) {
      await expect(start({ allowedOrigins: { a: origins } }), String(origins)).rejects.toThrow(
        /allowedOrigins a/,
      )
    }
  })

  it('serves the page with the env injected and the embedding headers', async () => {
    const t = await start({ allowedOrigins: { p1: ['https://dapp.example'] } })
    const response = await t.get('/frame?projectId=p1&chainId=1')
    expect(response.statusCode).toBe(200)
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toContain('frame-ancestors https://dapp.example')
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/)
    // same-origin, not no-referrer: the frame's POSTs to its own service must carry their Origin.
    expect(response.headers['referrer-policy']).toBe('same-origin')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    const env = response.body.indexOf('window.__PORTICO_FRAME_ENV__')
    expect(env).toBeGreaterThan(0)
    expect(env).toBeLessThan(response.body.indexOf('<script type="module"'))
    expect(response.body).toContain('"authUrl":"http://localhost:3004"')
  })

  it('hands the frame its Solana clusters and lets it call them, and no other host', async () => {
    const t = await start({
      allowedOrigins: { p1: ['https://dapp.example'] },
      solanaRpcUrlTemplate: 'http://127.0.0.1:8899/{cluster}',
    })
    const response = await t.get('/frame?projectId=p1')
    expect(response.body).toContain('"solanaRpcUrlTemplate":"http://127.0.0.1:8899/{cluster}"')
    const connect = String(response.headers['content-security-policy']).match(/connect-src ([^;]*)/)?.[1]
    expect(connect).toBe("'self' http://127.0.0.1:8545 http://127.0.0.1:8899")
  })

  it("hands the frame the operator's bundler and paymaster and lets it call exactly those, or neither alone", async () => {
    const t = await start({
      allowedOrigins: { p1: ['https://dapp.example'] },
      bundlerUrlTemplate: 'http://127.0.0.1:3006/{chainId}',
      paymasterUrlTemplate: 'http://127.0.0.1:3007/{projectId}',
    })
    const response = await t.get('/frame?projectId=p1')
    expect(response.body).toContain('"bundlerUrlTemplate":"http://127.0.0.1:3006/{chainId}"')
    expect(response.body).toContain('"paymasterUrlTemplate":"http://127.0.0.1:3007/{projectId}"')
    const connect = String(response.headers['content-security-policy']).match(/connect-src ([^;]*)/)?.[1]
    expect(connect).toBe("'self' http://127.0.0.1:8545 http://127.0.0.1:3006 http://127.0.0.1:3007")
    // A bundler without a paymaster sponsors nothing: the frame gets neither and may call neither.
    const alone = await start({ bundlerUrlTemplate: 'http://127.0.0.1:3006/{chainId}' })
    const page = await alone.get('/frame?projectId=portico-demo')
    expect(page.body).not.toContain('bundlerUrlTemplate')
    expect(String(page.headers['content-security-policy'])).not.toContain('3006')
  })

  it('serves assets, and says when the page is not built', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-frame-'))
    const t = await start({ framePageDir: dir })
    const missing = await t.get('/frame?projectId=portico-demo')
    expect(missing.statusCode).toBe(503)
    expect(missing.body).toContain('npm run build -w @portico/frame')
    writeFileSync(join(dir, 'index.html'), '<html><head></head><body></body></html>')
    mkdirSync(join(dir, 'assets'))
    writeFileSync(join(dir, 'assets', 'app-1.js'), 'console.log(1)')
    const asset = await t.get('/frame/assets/app-1.js')
    expect(asset.headers['content-type']).toContain('text/javascript')
    expect(asset.headers['cache-control']).toContain('immutable')
    expect((await t.get('/frame/assets/..%2Findex.html')).statusCode).toBe(404)
  })
})
