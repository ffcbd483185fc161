import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { readAuthConfig } from './auth-config.js'
import { serversClosedAfterEach, startTestServer, tempFrameDir } from './auth-test-helpers.js'
import type { Mailer } from './mailer.js'

const start = serversClosedAfterEach()

/** What a real deployment sets: real mail and the exact origins of its projects. */
const PRODUCTION_ENV = {
  PORTICO_MODE: 'production',
  SMTP_URL: 'smtp://user:pass@mail.example:587',
  AUTH_ALLOWED_ORIGINS: 'shop=https://shop.example',
}

const sentNowhere: Mailer = { send: async () => {}, close: async () => {} }

const productionServer = (options: Parameters<typeof startTestServer>[0] = {}) =>
  start({
    mode: 'production',
    mailer: sentNowhere,
    smtpPort: undefined,
    allowedOrigins: { shop: ['https://shop.example'] },
    ...options,
  })

describe('PORTICO_MODE in the configuration', () => {
  it('is development by default and production under NODE_ENV=production, PORTICO_MODE winning', () => {
    expect(readAuthConfig({})).toMatchObject({
      mode: 'development',
      standInProviders: true,
      localFarcaster: true,
    })
    const { SMTP_URL, AUTH_ALLOWED_ORIGINS } = PRODUCTION_ENV
    expect(readAuthConfig({ NODE_ENV: 'production', SMTP_URL, AUTH_ALLOWED_ORIGINS })).toMatchObject({
      mode: 'production',
      standInProviders: false,
      localFarcaster: false,
    })
    expect(readAuthConfig(PRODUCTION_ENV).mode).toBe('production')
    expect(() => readAuthConfig({ PORTICO_MODE: 'staging' })).toThrow(/PORTICO_MODE must be development/)
  })

  it('refuses NODE_ENV=production with PORTICO_MODE=development instead of starting in development', () => {
    expect(() => readAuthConfig({ NODE_ENV: 'production', PORTICO_MODE: 'development' })).toThrow(
      /PORTICO_MODE=development is refused with NODE_ENV=production/,
    )
  })

  it('refuses a production start with a stand-in provider, naming the setting', () => {
    expect(() => readAuthConfig({ ...PRODUCTION_ENV, AUTH_STAND_IN_PROVIDERS: 'on' })).toThrow(
      /AUTH_STAND_IN_PROVIDERS is on[\s\S]*Set AUTH_STAND_IN_PROVIDERS=off/,
    )
  })

  it('refuses a production start with the local Farcaster page, naming the setting', () => {
    expect(() => readAuthConfig({ ...PRODUCTION_ENV, AUTH_LOCAL_FARCASTER: 'yes' })).toThrow(
      /AUTH_LOCAL_FARCASTER is on[\s\S]*Set AUTH_LOCAL_FARCASTER=off/,
    )
  })

  it('refuses a production start with the mail capture inbox or without allowed origins', () => {
    let message = ''
    try {
      readAuthConfig({ NODE_ENV: 'production' })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toContain('SMTP_URL is not set')
    expect(message).toContain('AUTH_ALLOWED_ORIGINS is not set')
    expect(message).not.toContain('AUTH_STAND_IN_PROVIDERS')
  })

  it('lets development turn the stand-ins off', () => {
    expect(readAuthConfig({ AUTH_STAND_IN_PROVIDERS: 'off', AUTH_LOCAL_FARCASTER: 'off' })).toMatchObject({
      mode: 'development',
      standInProviders: false,
      localFarcaster: false,
    })
  })
})

describe('createAuthServer in production', () => {
  it('throws with a stand-in provider or the local Farcaster page enabled, naming the setting', async () => {
    await expect(productionServer({ standInProviders: true })).rejects.toThrow(/AUTH_STAND_IN_PROVIDERS/)
    await expect(productionServer({ localFarcaster: true })).rejects.toThrow(/AUTH_LOCAL_FARCASTER/)
    await expect(
      startTestServer({ mode: 'production', allowedOrigins: { shop: ['https://shop.example'] } }),
    ).rejects.toThrow(/SMTP_URL is not set/)
    await expect(productionServer({ allowedOrigins: undefined })).rejects.toThrow(/AUTH_ALLOWED_ORIGINS/)
  })

  it('starts with credentials: real providers only, no embedded issuers, no local Farcaster, no inbox', async () => {
    const t = await productionServer({ providers: { github: { clientId: 'gh-id', clientSecret: 's' } } })
    const secret = 'b'.repeat(64)
    const secretHash = createHash('sha256').update(secret).digest('hex')
    const flow = await t.post('/auth/v1/social/flow', {
      provider: 'github',
      deviceId: 'device-aaaaaaaaaaaaaaaa',
      secretHash,
    })
    expect(flow.statusCode).toBe(200)
    const started = await t.get(new URL(flow.json().url).pathname + new URL(flow.json().url).search)
    expect(started.statusCode).toBe(200)
    // The sign-in window binds itself with the frame's secret and is sent on to the real provider.
    const bound = await t.post('/auth/v1/social/bind', { flowId: flow.json().flowId, secret })
    expect(bound.statusCode).toBe(200)
    expect(new URL(bound.json().url).origin).toBe('https://github.com')
    const cookie = String(bound.headers['set-cookie'])
    expect(cookie).toMatch(/^portico_social_/)
    for (const attribute of ['HttpOnly', 'SameSite=Lax', 'Path=/auth/v1/social'])
      expect(cookie).toContain(attribute)

    // A provider without credentials is not offered: a clear 404 the modal shows.
    const google = await t.post('/auth/v1/social/flow', {
      provider: 'google',
      deviceId: 'device-aaaaaaaaaaaaaaaa',
      secretHash,
    })
    expect(google.statusCode).toBe(404)
    expect(google.json().error).toEqual({
      code: 'NOT_FOUND',
      message: 'Sign-in with google is not available on this service',
    })
    // The embedded issuers and their sign-in pages are not there at all.
    for (const path of [
      '/oidc/google/.well-known/openid-configuration',
      '/oidc/github/.well-known/openid-configuration',
      '/oidc-login/google/abc',
    ]) {
      expect((await t.get(path)).statusCode, path).toBe(404)
    }
    // Nor the local Farcaster client, its relay, or the mail capture inbox.
    const farcaster = await t.post('/auth/v1/farcaster/channel', { deviceId: 'device-aaaaaaaaaaaaaaaa' })
    expect(farcaster.statusCode).toBe(404)
    expect(farcaster.json().error.message).toBe('Sign-in with Farcaster is not available on this service')
    expect((await t.get('/farcaster/approve?channelToken=x')).statusCode).toBe(404)
    expect(
      (await t.post('/farcaster/v1/channel', { siweUri: 'https://a.example', domain: 'a.example' }))
        .statusCode,
    ).toBe(404)
    expect((await t.get('/inbox')).statusCode).toBe(404)
    expect(t.server.mail.inboxUrl).toBeUndefined()
  })

  it('serves the stand-ins in development (the contrast)', async () => {
    const t = await start({ framePageDir: tempFrameDir() })
    expect((await t.get('/oidc/google/.well-known/openid-configuration')).statusCode).toBe(200)
    const farcaster = await t.post('/auth/v1/farcaster/channel', { deviceId: 'device-aaaaaaaaaaaaaaaa' })
    expect(farcaster.statusCode).toBe(200)
  })
})
