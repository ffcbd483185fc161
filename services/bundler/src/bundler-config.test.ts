import { describe, expect, it } from 'vitest'
import { DEFAULT_ENTRY_POINTS, loadBundlerConfig } from './bundler-config.js'

const base = {
  BUNDLER_RPC_URL_TEMPLATE: 'http://127.0.0.1:8545/{chainId}',
  BUNDLER_EXECUTOR_PRIVATE_KEY: `0x${'22'.repeat(32)}`,
}

describe('the bundler configuration', () => {
  it('gives every chain its RPC URL, EntryPoint v0.8 and v0.7 by default', () => {
    const config = loadBundlerConfig({ ...base, BUNDLER_CHAIN_IDS: '10, 8453' })
    expect(config.chains).toEqual([
      { chainId: 10, rpcUrl: 'http://127.0.0.1:8545/10' },
      { chainId: 8453, rpcUrl: 'http://127.0.0.1:8545/8453' },
    ])
    expect(config.entryPoints).toEqual(DEFAULT_ENTRY_POINTS)
    expect([config.port, config.host]).toEqual([3006, '127.0.0.1'])
  })

  it('stops on a missing key or a template without {chainId}, naming the variable', () => {
    expect(() => loadBundlerConfig({ ...base, BUNDLER_EXECUTOR_PRIVATE_KEY: undefined })).toThrow(
      /BUNDLER_EXECUTOR_PRIVATE_KEY/,
    )
    expect(() =>
      loadBundlerConfig({ ...base, BUNDLER_RPC_URL_TEMPLATE: 'http://127.0.0.1:8545/10' }),
    ).toThrow(/BUNDLER_RPC_URL_TEMPLATE/)
    expect(() => loadBundlerConfig({ ...base, BUNDLER_ENTRY_POINTS: '0x1234' })).toThrow(
      /BUNDLER_ENTRY_POINTS/,
    )
  })
})
