import { describe, expect, it } from 'vitest'
import { InvalidExplorerConfigError, loadExplorerConfig } from './explorer-config.js'

describe('loadExplorerConfig', () => {
  it('has embedded, local defaults', () => {
    expect(loadExplorerConfig({})).toEqual({
      port: 3001,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: undefined,
      redisUrl: undefined,
      corsOrigins: undefined,
      analyticsEnabled: true,
      publicUrl: undefined,
      rateLimit: { perIp: 1200, perProject: 6000, timeWindowMs: 60_000 },
      walletCacheTtlMs: 5000,
      trustProxy: false,
      logLevel: 'info',
    })
  })

  it('reads every variable', () => {
    const config = loadExplorerConfig({
      EXPLORER_PORT: '4000',
      HOST: '0.0.0.0',
      REDIS_URL: 'redis://127.0.0.1:6379',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      PORTICO_DATA_DIR: '/var/lib/portico',
      EXPLORER_CORS_ORIGINS: 'https://a.example, https://b.example/',
      EXPLORER_ANALYTICS: 'off',
      EXPLORER_PUBLIC_URL: 'https://explorer.example',
      EXPLORER_RATE_LIMIT_PER_IP: '10',
      EXPLORER_RATE_LIMIT_PER_PROJECT: '20',
      EXPLORER_RATE_LIMIT_WINDOW_MS: '1000',
      EXPLORER_WALLET_CACHE_TTL_MS: '0',
      EXPLORER_TRUST_PROXY: 'true',
      EXPLORER_LOG_LEVEL: 'warn',
    })
    expect(config).toMatchObject({
      port: 4000,
      host: '0.0.0.0',
      redisUrl: 'redis://127.0.0.1:6379',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/test',
      dataDir: '/var/lib/portico',
      corsOrigins: ['https://a.example', 'https://b.example'],
      analyticsEnabled: false,
      publicUrl: 'https://explorer.example',
      rateLimit: { perIp: 10, perProject: 20, timeWindowMs: 1000 },
      walletCacheTtlMs: 0,
      trustProxy: true,
      logLevel: 'warn',
    })
    // HOST applies to every service; EXPLORER_HOST overrides it for the explorer alone.
    expect(loadExplorerConfig({ HOST: '0.0.0.0', EXPLORER_HOST: '10.0.0.7' }).host).toBe('10.0.0.7')
    expect(loadExplorerConfig({ EXPLORER_RATE_LIMIT: 'off' }).rateLimit).toBe(false)
    expect(loadExplorerConfig({ EXPLORER_CORS_ORIGINS: '*' }).corsOrigins).toEqual(['*'])
    expect(loadExplorerConfig({ DATABASE_URL: '', PORTICO_DATA_DIR: '' })).toMatchObject({
      databaseUrl: undefined,
      dataDir: undefined,
    })
  })

  it.each([
    ['EXPLORER_PORT', 'http'],
    ['EXPLORER_PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/x'],
    ['REDIS_URL', 'http://localhost:6379'],
    ['EXPLORER_CORS_ORIGINS', 'not a url'],
    ['EXPLORER_ANALYTICS', 'maybe'],
    ['EXPLORER_RATE_LIMIT_PER_IP', '-1'],
    ['EXPLORER_LOG_LEVEL', 'loud'],
    ['EXPLORER_WALLET_CACHE_TTL_MS', '-5'],
  ])('rejects %s=%s naming the variable', (name, value) => {
    expect(() => loadExplorerConfig({ [name]: value })).toThrow(InvalidExplorerConfigError)
    expect(() => loadExplorerConfig({ [name]: value })).toThrow(name)
  })
})
