import { describe, expect, it } from 'vitest'
import { DEFAULT_RELAY_LIMITS, InvalidRelayConfigError, loadRelayConfig, loadRelayLimits } from './index.js'

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
      limits: {
        maxSocketsPerClient: 20,
        maxSocketsPerIp: 200,
        publishesPerSecond: 20,
        publishBurst: 100,
        maxStoredBytesPerClient: 16 * 1024 * 1024,
        maxStoredBytesPerIp: 32 * 1024 * 1024,
        maxStoredBytesTotal: 1024 * 1024 * 1024,
        maxTopicsPerSocket: 1_000,
        maxTtlSeconds: 7 * 24 * 60 * 60,
      },
      trustProxy: false,
      logLevel: 'info',
    })
  })

  it('reads the per-client limits and refuses a TTL ceiling above 30 days', () => {
    const config = loadRelayConfig({
      RELAY_MAX_SOCKETS_PER_CLIENT: '5',
      RELAY_MAX_SOCKETS_PER_IP: '50',
      RELAY_PUBLISHES_PER_SECOND: '2',
      RELAY_PUBLISH_BURST: '10',
      RELAY_MAX_STORED_BYTES_PER_CLIENT: '65536',
      RELAY_MAX_STORED_BYTES_PER_IP: '131072',
      RELAY_MAX_STORED_BYTES_TOTAL: '1048576',
      RELAY_MAX_TOPICS_PER_SOCKET: '100',
      RELAY_MAX_TTL_SECONDS: '86400',
    })
    expect(config.limits).toEqual({
      maxSocketsPerClient: 5,
      maxSocketsPerIp: 50,
      publishesPerSecond: 2,
      publishBurst: 10,
      maxStoredBytesPerClient: 65_536,
      maxStoredBytesPerIp: 131_072,
      maxStoredBytesTotal: 1_048_576,
      maxTopicsPerSocket: 100,
      maxTtlSeconds: 86_400,
    })
    expect(() => loadRelayConfig({ RELAY_MAX_TTL_SECONDS: String(31 * 24 * 60 * 60) })).toThrow(
      /RELAY_MAX_TTL_SECONDS/,
    )
    expect(() => loadRelayConfig({ RELAY_PUBLISHES_PER_SECOND: '0' })).toThrow(/RELAY_PUBLISHES_PER_SECOND/)
    // Hosts that embed the relay read the same variables alone.
    expect(loadRelayLimits({ RELAY_PUBLISH_BURST: '10' })).toEqual({
      ...DEFAULT_RELAY_LIMITS,
      publishBurst: 10,
    })
    expect(() => loadRelayLimits({ RELAY_MAX_SOCKETS_PER_IP: 'lots' })).toThrow(/RELAY_MAX_SOCKETS_PER_IP/)
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
