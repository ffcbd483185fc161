import { describe, expect, it } from 'vitest'
import { resolveInjectConfig } from './inject-config.js'

describe('resolveInjectConfig', () => {
  it('defaults to the devnet, account 0, chain 1, with the prompt on', () => {
    expect(resolveInjectConfig(undefined, undefined)).toEqual({
      rpcBase: 'http://127.0.0.1:8545',
      solanaRpcBase: 'http://127.0.0.1:8899',
      accountIndex: 0,
      initialChainId: 1,
      autoApprove: false,
    })
  })

  it('reads the script tag data attributes', () => {
    expect(
      resolveInjectConfig(undefined, {
        rpcBase: 'http://localhost:9000/',
        solanaRpcBase: 'http://localhost:9100/',
        accountIndex: '3',
        autoApprove: '',
      }),
    ).toEqual({
      rpcBase: 'http://localhost:9000',
      solanaRpcBase: 'http://localhost:9100',
      accountIndex: 3,
      initialChainId: 1,
      autoApprove: true,
    })
  })

  it('prefers the global config and ignores nonsense', () => {
    expect(
      resolveInjectConfig(
        { rpcBase: 'http://127.0.0.1:8546', initialChainId: 8453, accountIndex: -1 },
        { rpcBase: 'http://ignored', accountIndex: '2' },
      ),
    ).toEqual({
      rpcBase: 'http://127.0.0.1:8546',
      solanaRpcBase: 'http://127.0.0.1:8899',
      accountIndex: 0,
      initialChainId: 8453,
      autoApprove: false,
    })
  })
})
