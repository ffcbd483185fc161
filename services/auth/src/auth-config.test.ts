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

  it('reads the chains the frame may use, the devnet six by default', () => {
    expect(readAuthConfig({}).chainIds).toEqual([1, 10, 137, 8453, 42161, 11155111])
    expect(readAuthConfig({ AUTH_CHAIN_IDS: '8453, 1' }).chainIds).toEqual([8453, 1])
    expect(() => readAuthConfig({ AUTH_CHAIN_IDS: '1,abc' })).toThrow(/AUTH_CHAIN_IDS/)
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
    expect(() => readAuthConfig({ REDIS_URL: 'localhost:6379' })).toThrow(/REDIS_URL/)
  })

  it('reads HOST, PostgreSQL and Redis as every service does', () => {
    expect(readAuthConfig({})).toMatchObject({
      host: '127.0.0.1',
      databaseUrl: undefined,
      redisUrl: undefined,
    })
    expect(
      readAuthConfig({
        HOST: '0.0.0.0',
        REDIS_URL: 'redis://cache:6379',
        DATABASE_URL: 'postgres://db/auth',
      }),
    ).toMatchObject({ host: '0.0.0.0', redisUrl: 'redis://cache:6379', databaseUrl: 'postgres://db/auth' })
  })
})
