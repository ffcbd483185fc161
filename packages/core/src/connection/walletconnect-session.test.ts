import { describe, expect, it } from 'vitest'
import type { Network } from './networks.js'
import { getKnownNetwork } from './networks.js'
import { sessionConnection, type WalletConnectSession } from './walletconnect-session.js'

const cluster = (reference: string, name: string): Network => ({
  namespace: 'solana',
  chainId: reference,
  caipNetworkId: `solana:${reference}`,
  name,
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  blockExplorerUrl: 'https://explorer.solana.com',
  imageId: `solana:${reference}`,
  testnet: false,
})
const mainnet = cluster('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana')
const devnet = cluster('EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'Solana Devnet')
const testnet = cluster('4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', 'Solana Testnet')
const networks = [getKnownNetwork(1) as Network, mainnet, devnet, testnet]
const address = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'

const holding = (accounts: string[]): WalletConnectSession => ({
  accounts: (namespace) => accounts.filter((account) => account.startsWith(`${namespace}:`)),
  methods: () => [],
  request: async () => null,
  restore: async () => true,
  disconnect: async () => {},
  onEnd: () => () => {},
})

describe('sessionConnection', () => {
  const session = holding([
    `eip155:1:0xabc`,
    `${devnet.caipNetworkId}:${address}`,
    `${testnet.caipNetworkId}:${address}`,
  ])

  it("takes the picked cluster when the wallet approved it, else the dApp's first cluster the session holds", () => {
    expect(sessionConnection(session, 'solana', networks, testnet.chainId)).toEqual({
      namespace: 'solana',
      accounts: [address],
      chainId: testnet.chainId,
      connectorId: 'walletconnect',
      connectorName: 'WalletConnect',
    })
    // Mainnet was not approved: the first configured cluster the session holds is devnet.
    expect(sessionConnection(session, 'solana', networks, mainnet.chainId)?.chainId).toBe(devnet.chainId)
    expect(sessionConnection(session, 'solana', networks)?.chainId).toBe(devnet.chainId)
  })

  it('gives nothing for a namespace the session holds no account in, or on clusters the dApp does not list', () => {
    expect(sessionConnection(holding(['eip155:1:0xabc']), 'solana', networks)).toBeUndefined()
    expect(sessionConnection(session, 'solana', [getKnownNetwork(1) as Network, mainnet])).toBeUndefined()
  })
})
