import { describe, expect, it } from 'vitest'
import { InvalidAuthConfigError, readAuthConfig } from './auth-config.js'

describe('readAuthConfig', () => {
  it('has local defaults and reads provider credentials', () => {
    const config = readAuthConfig({ AUTH_GITHUB_CLIENT_ID: 'gh', AUTH_GITHUB_CLIENT_SECRET: 's' })
    expect(config).toMatchObject({
      port: 3004,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3004',
      smtpPort: 2525,
    })
    expect(config.providers).toEqual({ github: { clientId: 'gh', clientSecret: 's' } })
  })

  it("reads exact origins per project, the demo's origin by default", () => {
    expect(readAuthConfig({}).allowedOrigins).toEqual({ 'portico-demo': ['http://127.0.0.1:3000'] })
    expect(
      readAuthConfig({
        AUTH_ALLOWED_ORIGINS:
          ' shop=https://shop.example  https://www.shop.example ; local=http://127.0.0.1:5173;',
      }).allowedOrigins,
    ).toEqual({
      shop: ['https://shop.example', 'https://www.shop.example'],
      local: ['http://127.0.0.1:5173'],
    })
  })

  it('refuses allowed origins that are not exact, naming the variable', () => {
    for (const value of [
      'https://a.example',
      'a=https://a.example/app',
      'a=https://a.example/',
      'a=http://localhost:*',
      'a=*',
      'a=',
      'a=ftp://a.example',
      'a=https://a.example; a=https://b.example',
      'bad id=https://a.example',
    ]) {
      expect(() => readAuthConfig({ AUTH_ALLOWED_ORIGINS: value }), value).toThrow(/AUTH_ALLOWED_ORIGINS/)
    }
  })

  it('names the bad variable', () => {
    expect(() => readAuthConfig({ AUTH_MASTER_KEY: 'xyz' })).toThrow(InvalidAuthConfigError)
    expect(() => readAuthConfig({ AUTH_PORT: 'abc' })).toThrow(/AUTH_PORT/)
  })
})
