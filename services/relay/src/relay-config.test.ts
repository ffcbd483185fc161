import { describe, expect, it } from 'vitest'
import { InvalidRelayConfigError, loadRelayConfig } from './index.js'

describe('loadRelayConfig', () => {
  it('defaults to one process on 127.0.0.1:3003 without Postgres or Redis', () => {
    expect(loadRelayConfig({})).toEqual({
      port: 3003,
      host: '127.0.0.1',
      dataDir: undefined,
      databaseUrl: undefined,
      redisUrl: undefined,
      redisKeyPrefix: undefined,
      audiences: [],
      maxMessageBytes: 512 * 1024,
      pingIntervalMs: 20_000,
      logLevel: 'info',
    })
  })

  it('reads the scaled-out settings', () => {
    const config = loadRelayConfig({
      RELAY_PORT: '8787',
      HOST: '0.0.0.0',
      PORTICO_DATA_DIR: '/var/lib/portico',
      DATABASE_URL: 'postgres://postgres@db:5432/portico',
      REDIS_URL: 'redis://redis:6379',
      RELAY_AUDIENCES: 'wss://relay.example.com, ws://relay.internal:8787',
    })
    expect(config).toMatchObject({
      port: 8787,
      host: '0.0.0.0',
      redisUrl: 'redis://redis:6379',
      audiences: ['wss://relay.example.com', 'ws://relay.internal:8787'],
    })
  })

  it('names the bad variable', () => {
    expect(() => loadRelayConfig({ RELAY_PORT: 'x' })).toThrow(InvalidRelayConfigError)
    expect(() => loadRelayConfig({ REDIS_URL: 'http://nope' })).toThrow(/REDIS_URL/)
  })
})
