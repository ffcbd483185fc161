import { describe, expect, it } from 'vitest'
import { SOLANA_CLUSTERS, solanaCluster, solanaClusterUrls } from './clusters.js'

describe('Solana clusters', () => {
  it('names each CAIP-2 id after the first 32 characters of the real genesis hash', () => {
    for (const cluster of SOLANA_CLUSTERS) {
      expect(cluster.caip2).toBe(`solana:${cluster.genesisHash.slice(0, 32)}`)
    }
    expect(SOLANA_CLUSTERS.map((c) => c.caip2)).toEqual([
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
    ])
  })

  it('finds a cluster by name, CAIP-2 id or wallet-standard chain', () => {
    expect(solanaCluster('devnet')?.name).toBe('devnet')
    expect(solanaCluster('solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z')?.name).toBe('testnet')
    expect(solanaCluster('solana:mainnet')?.name).toBe('mainnet-beta')
    expect(solanaCluster('solana:localnet')).toBeUndefined()
  })

  it('serves JSON-RPC and WebSocket on the same path', () => {
    expect(solanaClusterUrls('http://127.0.0.1:8899/', 'devnet')).toEqual({
      rpcUrl: 'http://127.0.0.1:8899/devnet',
      wsUrl: 'ws://127.0.0.1:8899/devnet',
    })
  })
})
