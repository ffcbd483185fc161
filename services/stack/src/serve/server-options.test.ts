import { isDeepStrictEqual } from 'node:util'
import { authServerOptions, readAuthConfig } from '@portico/auth'
import { chainApiServerOptions, loadChainApiConfig } from '@portico/chain-api'
import { explorerServerOptions, loadExplorerConfig } from '@portico/explorer'
import { loadRelayConfig, relayServerOptions } from '@portico/relay'
import { describe, expect, it } from 'vitest'

/** Every value found at any depth of a server's options. */
function valuesIn(value: unknown, found: unknown[] = []): unknown[] {
  found.push(value)
  if (value && typeof value === 'object') for (const inner of Object.values(value)) valuesIn(inner, found)
  return found
}

/** The settings that are not server options: where it listens, how it logs (a logger object), what it reads. */
const NOT_OPTIONS = new Set(['port', 'host', 'logLevel', 'manifestPath'])

/** Each setting the operator can give reaches the server, whether `main.ts` or `portico serve` starts it. */
function settingsMissingFrom(config: object, options: object): string[] {
  const values = valuesIn(options)
  return Object.entries(config)
    .filter(([name, value]) => !NOT_OPTIONS.has(name) && value !== undefined)
    .filter(([, value]) => !values.some((candidate) => isDeepStrictEqual(candidate, value)))
    .map(([name]) => name)
}

const SHARED = { DATABASE_URL: 'postgres://portico@db/portico', REDIS_URL: 'redis://cache:6379' }

describe('server options from settings', () => {
  it('explorer: every setting reaches the server', () => {
    const config = loadExplorerConfig({
      ...SHARED,
      EXPLORER_TRUST_PROXY: 'on',
      EXPLORER_CORS_ORIGINS: 'https://app.example',
    })
    expect(settingsMissingFrom(config, explorerServerOptions(config))).toEqual([])
  })

  it('chain API: every setting reaches the server, the on-ramp mode and daily limits too', () => {
    const config = loadChainApiConfig({ ...SHARED, CHAIN_API_TRUST_PROXY: 'on' })
    const options = chainApiServerOptions(config, { chains: [] } as never)
    expect(settingsMissingFrom({ ...config, onrampSandboxPrivateKey: undefined }, options)).toEqual([])
    expect(options.onramp).toMatchObject({
      mode: config.mode,
      sandboxDailyLimits: config.onrampSandboxDailyLimits,
    })
  })

  it('relay: every setting reaches the server', () => {
    const config = loadRelayConfig({ ...SHARED, RELAY_AUDIENCES: 'wss://relay.example' })
    expect(settingsMissingFrom(config, relayServerOptions(config))).toEqual([])
  })

  it('auth: every setting reaches the server, custody too', () => {
    const config = readAuthConfig({
      ...SHARED,
      AUTH_PUBLIC_URL: 'https://auth.example',
      AUTH_MASTER_KEY: 'ab'.repeat(32),
      AUTH_CUSTODY: 'custodial',
    })
    const options = authServerOptions(config, { framePageDir: '/srv/frame' })
    expect(settingsMissingFrom(config, options)).toEqual([])
    expect(options.custody).toBe('custodial')
    expect(options.framePageDir).toBe('/srv/frame')
  })
})
