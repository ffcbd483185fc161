import { describe, expect, it } from 'vitest'
import { loadPaymasterConfig } from './paymaster-config.js'

const base = {
  PAYMASTER_RPC_URL_TEMPLATE: 'http://127.0.0.1:8545/{chainId}',
  PAYMASTER_ADDRESS: '0xcdD1825eBda69147aC127aDcF200bA33B09EDE8A',
  PAYMASTER_SIGNER_PRIVATE_KEY: `0x${'11'.repeat(32)}`,
  PAYMASTER_POLICY: JSON.stringify({
    projects: { demo: { name: 'Demo', chains: { '10': { maxOpsPerDay: 5, maxWeiPerDay: '1000' } } } },
  }),
}

describe('the paymaster configuration', () => {
  it('reads the policy with budgets in wei and a chain per RPC URL', () => {
    const config = loadPaymasterConfig({ ...base, PAYMASTER_CHAIN_IDS: '10,8453' })
    expect(config.policy.projects.demo?.chains['10']).toEqual({ maxOpsPerDay: 5, maxWeiPerDay: 1000n })
    expect(config.chains).toEqual([
      { chainId: 10, rpcUrl: 'http://127.0.0.1:8545/10' },
      { chainId: 8453, rpcUrl: 'http://127.0.0.1:8545/8453' },
    ])
    expect(config.port).toBe(3007)
  })

  it('keeps the daily counts where DATABASE_URL says, for every replica, else in the data folder', () => {
    const shared = loadPaymasterConfig({ ...base, DATABASE_URL: 'postgres://pm@db.internal:5432/portico' })
    expect(shared.databaseUrl).toBe('postgres://pm@db.internal:5432/portico')
    expect(loadPaymasterConfig({ ...base, PORTICO_DATA_DIR: '/var/lib/portico' }).dataDir).toBe(
      '/var/lib/portico',
    )
    expect(() => loadPaymasterConfig({ ...base, DATABASE_URL: 'mysql://db' })).toThrow(/DATABASE_URL/)
  })

  it('stops on a policy that breaks a rule, naming it', () => {
    const bad = JSON.stringify({
      projects: { demo: { name: 'Demo', chains: { '10': { maxOpsPerDay: -1, maxWeiPerDay: '1' } } } },
    })
    expect(() => loadPaymasterConfig({ ...base, PAYMASTER_POLICY: bad })).toThrow(/maxOpsPerDay/)
    expect(() => loadPaymasterConfig({ ...base, PAYMASTER_POLICY: '{' })).toThrow(
      /PAYMASTER_POLICY is not JSON/,
    )
    expect(() => loadPaymasterConfig({ ...base, PAYMASTER_POLICY: undefined })).toThrow(
      /set one of PAYMASTER_POLICY/,
    )
    expect(() => loadPaymasterConfig({ ...base, PAYMASTER_SIGNER_PRIVATE_KEY: '0x12' })).toThrow(
      /PAYMASTER_SIGNER_PRIVATE_KEY/,
    )
  })
})
