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
    expect(config.allowedOrigins).toBeUndefined()
    expect(config.providers).toEqual({ github: { clientId: 'gh', clientSecret: 's' } })
    expect(
      readAuthConfig({ AUTH_ALLOWED_ORIGINS: 'https://a.example/, https://b.example' }).allowedOrigins,
    ).toEqual(['https://a.example', 'https://b.example'])
  })

  it('names the bad variable', () => {
    expect(() => readAuthConfig({ AUTH_MASTER_KEY: 'xyz' })).toThrow(InvalidAuthConfigError)
    expect(() => readAuthConfig({ AUTH_PORT: 'abc' })).toThrow(/AUTH_PORT/)
  })
})
