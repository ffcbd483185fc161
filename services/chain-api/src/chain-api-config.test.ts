import { describe, expect, it } from 'vitest'
import { InvalidChainApiConfigError, loadChainApiConfig } from './chain-api-config.js'

describe('loadChainApiConfig', () => {
  it('defaults to port 3002, the standalone devnet manifest, all its chains and the embedded database', () => {
    expect(loadChainApiConfig({})).toMatchObject({
      port: 3002,
      host: '127.0.0.1',
      manifestPath: '.data/devnet/deployed.json',
      chainIds: undefined,
      explorerUrl: 'http://127.0.0.1:3001',
      databaseUrl: undefined,
      dataDir: undefined,
      corsOrigins: undefined,
      indexer: true,
      rateLimit: { perIp: 1_200, perProject: 6_000, timeWindowMs: 60_000 },
      redisUrl: undefined,
      trustProxy: false,
    })
    // The devnet writes its manifest under the same data folder.
    expect(loadChainApiConfig({ PORTICO_DATA_DIR: '/srv/portico' }).manifestPath).toBe(
      '/srv/portico/devnet/deployed.json',
    )
  })

  it('reads the environment and names a bad variable', () => {
    expect(
      loadChainApiConfig({
        CHAIN_API_PORT: '4000',
        HOST: '0.0.0.0',
        CHAIN_API_MANIFEST: '/etc/portico/chains.json',
        CHAIN_API_CHAIN_IDS: '1, 10',
        DATABASE_URL: 'postgres://u@db/x',
        PORTICO_DATA_DIR: '.data',
        CHAIN_API_CORS_ORIGINS: 'https://app.example,*',
        CHAIN_API_INDEXER: 'off',
        CHAIN_API_RATE_LIMIT_PER_IP: '50',
        REDIS_URL: 'redis://cache:6379',
        CHAIN_API_TRUST_PROXY: 'true',
      }),
    ).toMatchObject({
      port: 4000,
      host: '0.0.0.0',
      manifestPath: '/etc/portico/chains.json',
      chainIds: [1, 10],
      databaseUrl: 'postgres://u@db/x',
      dataDir: '.data',
      corsOrigins: ['https://app.example', '*'],
      indexer: false,
      rateLimit: { perIp: 50, perProject: 6_000, timeWindowMs: 60_000 },
      redisUrl: 'redis://cache:6379',
      trustProxy: true,
    })
    expect(loadChainApiConfig({ CHAIN_API_CHAIN_IDS: ' ' }).chainIds).toBeUndefined()
    expect(loadChainApiConfig({ CHAIN_API_RATE_LIMIT: 'off' }).rateLimit).toBe(false)
    expect(() => loadChainApiConfig({ CHAIN_API_CHAIN_IDS: '1,x' })).toThrow(/CHAIN_API_CHAIN_IDS/)
    expect(() => loadChainApiConfig({ REDIS_URL: 'http://cache' })).toThrow(/REDIS_URL/)
    expect(() => loadChainApiConfig({ CHAIN_API_CORS_ORIGINS: 'app.example' })).toThrow(
      /CHAIN_API_CORS_ORIGINS/,
    )
    expect(() => loadChainApiConfig({ DATABASE_URL: 'mysql://x' })).toThrow(InvalidChainApiConfigError)
    expect(() => loadChainApiConfig({ CHAIN_API_PORT: 'abc' })).toThrow(/CHAIN_API_PORT/)
  })
  it('refuses the sandbox on-ramp key outside development, and NODE_ENV=production with PORTICO_MODE=development', () => {
    const key = `0x${'11'.repeat(32)}`
    expect(loadChainApiConfig({ ONRAMP_SANDBOX_PRIVATE_KEY: key })).toMatchObject({
      mode: 'development',
      onrampSandboxPrivateKey: key,
      onrampSandboxDailyLimits: { perAddressUsd: 10_000, totalUsd: 100_000 },
    })
    expect(() => loadChainApiConfig({ NODE_ENV: 'production', ONRAMP_SANDBOX_PRIVATE_KEY: key })).toThrow(
      /ONRAMP_SANDBOX_PRIVATE_KEY is refused in production/,
    )
    expect(() => loadChainApiConfig({ PORTICO_MODE: 'production', ONRAMP_SANDBOX_PRIVATE_KEY: key })).toThrow(
      InvalidChainApiConfigError,
    )
    expect(() => loadChainApiConfig({ NODE_ENV: 'production', PORTICO_MODE: 'development' })).toThrow(
      /PORTICO_MODE=development is refused with NODE_ENV=production/,
    )
    expect(loadChainApiConfig({ NODE_ENV: 'production' }).mode).toBe('production')
  })
})
