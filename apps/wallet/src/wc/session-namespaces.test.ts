import { describe, expect, it } from 'vitest'
import { approvedNamespaces, summarizeProposal } from './session-namespaces.js'
import { readWcWalletOptions } from './wc-wallet-options.js'

const MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const SOLANA_ADDRESS = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'

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
      eip155: {
        chains: ['eip155:1', 'eip155:10'],
        methods: ['personal_sign', 'eth_sendTransaction'],
        events: ['chainChanged', 'accountsChanged'],
      },
    })
    expect(approvedNamespaces(summary, { eip155: '0xabc' }).eip155?.accounts).toEqual([
      'eip155:1:0xabc',
      'eip155:10:0xabc',
    ])
  })

  it('approves a proposed solana namespace with the Solana account on each cluster it serves', () => {
    const summary = summarizeProposal(undefined, {
      eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events: [] },
      solana: {
        // A cluster the wallet does not know is left out.
        chains: [MAINNET, DEVNET, 'solana:unknownGenesis00000000000000000'],
        methods: ['solana_signMessage', 'solana_signAndSendTransaction'],
        events: [],
      },
    })
    expect(summary.solana).toEqual({
      chains: [MAINNET, DEVNET],
      methods: ['solana_signMessage', 'solana_signAndSendTransaction'],
      events: [],
    })
    const both = approvedNamespaces(summary, { eip155: '0xabc', solana: SOLANA_ADDRESS })
    expect(Object.keys(both)).toEqual(['eip155', 'solana'])
    expect(both.solana?.accounts).toEqual([`${MAINNET}:${SOLANA_ADDRESS}`, `${DEVNET}:${SOLANA_ADDRESS}`])
    // A wallet set to approve Solana alone leaves eip155 out of the session.
    expect(Object.keys(approvedNamespaces(summary, { solana: SOLANA_ADDRESS }))).toEqual(['solana'])
  })

  it('approves nothing of a namespace the dApp did not propose', () => {
    const summary = summarizeProposal(undefined, {
      eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events: [] },
    })
    expect(summary.solana).toBeUndefined()
    expect(Object.keys(approvedNamespaces(summary, { eip155: '0xabc', solana: SOLANA_ADDRESS }))).toEqual([
      'eip155',
    ])
  })

  it('reads the relay, RPC bases, account and namespaces from the query, falling back to the local stack', () => {
    expect(readWcWalletOptions('')).toEqual({
      relayUrl: 'ws://127.0.0.1:3003',
      rpcBase: 'http://127.0.0.1:8545',
      solanaRpcBase: 'http://127.0.0.1:8899',
      accountIndex: 0,
      oneClickAuth: true,
      namespaces: ['eip155', 'solana'],
    })
    expect(
      readWcWalletOptions(
        '?relay=ws://127.0.0.1:9&rpc=http://x:1/&solanaRpc=http://s:2/&account=29&namespaces=solana&oneClickAuth=0',
      ),
    ).toEqual({
      relayUrl: 'ws://127.0.0.1:9',
      rpcBase: 'http://x:1',
      solanaRpcBase: 'http://s:2',
      accountIndex: 29,
      oneClickAuth: false,
      namespaces: ['solana'],
    })
    expect(readWcWalletOptions('', { rpcBase: 'http://y:2' }).rpcBase).toBe('http://y:2')
    expect(readWcWalletOptions('?account=-1').accountIndex).toBe(0)
  })
})
