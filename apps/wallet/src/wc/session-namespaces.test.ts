import { describe, expect, it } from 'vitest'
import { approvedNamespaces, summarizeProposal } from './session-namespaces.js'
import { readWcWalletOptions } from './wc-wallet-options.js'

describe('WalletConnect wallet page helpers', () => {
  it('merges required and optional eip155 namespaces and approves one account per chain', () => {
    const summary = summarizeProposal(
      { eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events: ['chainChanged'] } },
      {
        eip155: {
          chains: ['eip155:1', 'eip155:10'],
          methods: ['personal_sign', 'eth_sendTransaction'],
          events: ['accountsChanged'],
        },
      },
    )
    expect(summary).toEqual({
      chains: ['eip155:1', 'eip155:10'],
      methods: ['personal_sign', 'eth_sendTransaction'],
      events: ['chainChanged', 'accountsChanged'],
    })
    expect(approvedNamespaces(summary, '0xabc').eip155.accounts).toEqual([
      'eip155:1:0xabc',
      'eip155:10:0xabc',
    ])
  })

  it('reads the relay and RPC base from the query, falling back to the local stack', () => {
    expect(readWcWalletOptions('')).toEqual({
      relayUrl: 'ws://127.0.0.1:3003',
      rpcBase: 'http://127.0.0.1:8545',
      oneClickAuth: true,
    })
    expect(readWcWalletOptions('?relay=ws://127.0.0.1:9&rpc=http://x:1/&oneClickAuth=0')).toEqual({
      relayUrl: 'ws://127.0.0.1:9',
      rpcBase: 'http://x:1',
      oneClickAuth: false,
    })
    expect(readWcWalletOptions('', { rpcBase: 'http://y:2' }).rpcBase).toBe('http://y:2')
  })
})
