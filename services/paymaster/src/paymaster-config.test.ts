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
