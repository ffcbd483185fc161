import { describe, expect, it } from 'vitest'
import { InvalidChainApiConfigError, loadChainApiConfig } from './chain-api-config.js'

describe('loadChainApiConfig', () => {
  it('defaults to port 3002, the local devnet, the devnet chains and the embedded database', () => {
    expect(loadChainApiConfig({})).toMatchObject({
      port: 3002,
      host: '127.0.0.1',
      devnetUrl: 'http://127.0.0.1:8545',
      chainIds: [1, 10, 137, 8453, 42161, 11155111],
      explorerUrl: 'http://127.0.0.1:3001',
      databaseUrl: undefined,
      dataDir: undefined,
      corsOrigins: undefined,
      indexer: true,
      rateLimit: { perIp: 1_200, perProject: 6_000, timeWindowMs: 60_000 },
      redisUrl: undefined,
      trustProxy: false,
    })
  })

  it('reads the environment and names a bad variable', () => {
    expect(
      loadChainApiConfig({
        CHAIN_API_PORT: '4000',
        HOST: '0.0.0.0',
        DEVNET_URL: 'http://devnet:8545/',
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
      devnetUrl: 'http://devnet:8545',
      chainIds: [1, 10],
      databaseUrl: 'postgres://u@db/x',
      dataDir: '.data',
      corsOrigins: ['https://app.example', '*'],
      indexer: false,
      rateLimit: { perIp: 50, perProject: 6_000, timeWindowMs: 60_000 },
      redisUrl: 'redis://cache:6379',
      trustProxy: true,
    })
    expect(loadChainApiConfig({ CHAIN_API_RATE_LIMIT: 'off' }).rateLimit).toBe(false)
    expect(() => loadChainApiConfig({ REDIS_URL: 'http://cache' })).toThrow(/REDIS_URL/)
    expect(() => loadChainApiConfig({ DATABASE_URL: 'mysql://x' })).toThrow(InvalidChainApiConfigError)
    expect(() => loadChainApiConfig({ CHAIN_API_PORT: 'abc' })).toThrow(/CHAIN_API_PORT/)
  })
})
