import { getKnownNetwork, type Network } from '@portico/core'
import { describe, expect, it } from 'vitest'
import { filterNetworks } from './filter-networks.js'

const networks = [1, 10, 137, 8453, 42161].map((id) => getKnownNetwork(id) as Network)
const names = (query: string) => filterNetworks(networks, query).map((network) => network.name)

describe('filterNetworks', () => {
  it('keeps every network for an empty or blank query', () => {
    expect(names('')).toHaveLength(5)
    expect(names('   ')).toHaveLength(5)
  })

  it('finds networks by any part of their name, whatever the case, accents or word order', () => {
    expect(names('base')).toEqual(['Base'])
    expect(names('ARB')).toEqual(['Arbitrum One'])
    expect(names('mainnet op')).toEqual(['OP Mainnet'])
    expect(names('Éther')).toEqual(['Ethereum'])
    expect(names('o')).toEqual(['OP Mainnet', 'Polygon', 'Arbitrum One'])
  })

  it('finds nothing when no name matches', () => {
    expect(names('solana')).toEqual([])
    expect(names('base one')).toEqual([])
  })
})
