import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { devnetServiceKey } from '@portico/devnet'
import { describe, expect, it } from 'vitest'
import { unsafeProductionSettings } from './production-settings.js'
import { readServeArguments } from './serve-arguments.js'

/** What a deployment behind nginx on this machine sets (docs/deployment.md). */
const SAFE = {
  DATABASE_URL: 'postgres://portico@db/portico',
  EXPLORER_TRUST_PROXY: 'on',
  CHAIN_API_TRUST_PROXY: 'on',
  RELAY_TRUST_PROXY: 'on',
  AUTH_TRUST_PROXY: 'on',
  EXPLORER_CORS_ORIGINS: 'https://app.example',
  CHAIN_API_CORS_ORIGINS: 'https://app.example',
  RELAY_AUDIENCES: 'wss://relay.example',
  AUTH_PUBLIC_URL: 'https://auth.example',
  AUTH_MASTER_KEY: 'ab'.repeat(32),
}
const ALL = ['explorer', 'chain-api', 'relay', 'auth'] as const

describe('portico serve arguments', () => {
  it('starts all four services unless some are named, in start order, once each', () => {
    expect(readServeArguments([], {}).services).toEqual(ALL)
    expect(readServeArguments(['auth', 'relay', 'auth'], {}).services).toEqual(['relay', 'auth'])
    expect(() => readServeArguments(['devnet'], {})).toThrow(/Unknown service or option "devnet"/)
  })

  it('starts the bundler and paymaster only when named, after the others', () => {
    expect(readServeArguments([], {}).services).not.toContain('bundler')
    expect(readServeArguments(['paymaster', 'bundler', 'auth'], {}).services).toEqual([
      'auth',
      'bundler',
      'paymaster',
    ])
  })

  it('reads a config file under the environment, which wins', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'portico-serve-')), 'portico.env')
    writeFileSync(file, '# production\nRELAY_PORT=4003\nHOST="127.0.0.1"\n')
    const { env } = readServeArguments(['relay', '--config', file], { RELAY_PORT: '5003' })
    expect(env).toMatchObject({ RELAY_PORT: '5003', HOST: '127.0.0.1' })
    expect(() => readServeArguments(['--config', `${file}.missing`], {})).toThrow(
      /Cannot read the config file/,
    )
  })
})

describe('unsafe production settings', () => {
  it('accepts the documented deployment', () => {
    expect(unsafeProductionSettings(SAFE, ALL)).toEqual([])
  })

  it('names each unsafe setting of a start with the defaults', () => {
    expect(unsafeProductionSettings({}, ALL).map((setting) => setting.variable)).toEqual([
      'DATABASE_URL',
      'EXPLORER_TRUST_PROXY',
      'CHAIN_API_TRUST_PROXY',
      'RELAY_TRUST_PROXY',
      'AUTH_TRUST_PROXY',
      'EXPLORER_CORS_ORIGINS',
      'CHAIN_API_CORS_ORIGINS',
      'RELAY_AUDIENCES',
      'AUTH_PUBLIC_URL',
      'AUTH_MASTER_KEY',
    ])
  })

  it('refuses the sandbox on-ramp key, a plain-http auth address, development mode and replicas without a shared database', () => {
    const unsafe = unsafeProductionSettings(
      {
        ...SAFE,
        DATABASE_URL: '',
        PORTICO_DATA_DIR: '/var/lib/portico',
        REDIS_URL: 'redis://cache',
        ONRAMP_SANDBOX_PRIVATE_KEY: `0x${'1'.repeat(64)}`,
        AUTH_PUBLIC_URL: 'http://auth.example',
        PORTICO_MODE: 'development',
      },
      ALL,
    )
    expect(unsafe.map((setting) => setting.variable)).toEqual([
      'PORTICO_MODE',
      'DATABASE_URL',
      'ONRAMP_SANDBOX_PRIVATE_KEY',
      'AUTH_PUBLIC_URL',
    ])
  })

  it('refuses a bundler or paymaster key of the public development mnemonic, and browsers left to loopback', () => {
    // m/44'/60'/0'/0/12 and /13 of "test … junk": the devnet's bundler executor and paymaster signer.
    const devnet = {
      DATABASE_URL: SAFE.DATABASE_URL,
      BUNDLER_EXECUTOR_PRIVATE_KEY: devnetServiceKey('bundlerExecutor'),
      PAYMASTER_SIGNER_PRIVATE_KEY: devnetServiceKey('paymasterSigner'),
    }
    const unsafe = unsafeProductionSettings(devnet, ['bundler', 'paymaster'])
    expect(unsafe.map((setting) => setting.variable)).toEqual([
      'BUNDLER_EXECUTOR_PRIVATE_KEY',
      'BUNDLER_CORS_ORIGINS',
      'PAYMASTER_SIGNER_PRIVATE_KEY',
      'PAYMASTER_CORS_ORIGINS',
    ])
    expect(unsafe[0]?.problem).toMatch(/public development mnemonic/)
    // Anvil's first account, the best-known key of all, is refused too.
    const anvil = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
    expect(
      unsafeProductionSettings({ ...devnet, PAYMASTER_SIGNER_PRIVATE_KEY: anvil }, ['paymaster'])[0]
        ?.variable,
    ).toBe('PAYMASTER_SIGNER_PRIVATE_KEY')
    const own = {
      DATABASE_URL: SAFE.DATABASE_URL,
      BUNDLER_EXECUTOR_PRIVATE_KEY: `0x${'5a'.repeat(32)}`,
      PAYMASTER_SIGNER_PRIVATE_KEY: `0x${'6b'.repeat(32)}`,
      BUNDLER_CORS_ORIGINS: 'https://auth.example',
      PAYMASTER_CORS_ORIGINS: 'https://auth.example',
    }
    expect(unsafeProductionSettings(own, ['bundler', 'paymaster'])).toEqual([])
  })

  it('checks only the services being started, and not trust-proxy on a public interface', () => {
    const relayOnly = { DATABASE_URL: SAFE.DATABASE_URL, RELAY_AUDIENCES: SAFE.RELAY_AUDIENCES }
    expect(unsafeProductionSettings({ ...relayOnly, HOST: '0.0.0.0' }, ['relay'])).toEqual([])
    expect(unsafeProductionSettings(relayOnly, ['relay']).map((setting) => setting.variable)).toEqual([
      'RELAY_TRUST_PROXY',
    ])
  })
})
