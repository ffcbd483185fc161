import { describe, expect, it } from 'vitest'
import { createNetworkController } from './network-controller.js'
import { getKnownNetwork, type Network } from './networks.js'

function setup() {
  const networks = [1, 10].map((id) => getKnownNetwork(id) as Network)
  return { network: createNetworkController({ networks, defaultChainId: 1 }) }
}

describe('network controller', () => {
  it('knows the requested networks by CAIP id', () => {
    const { network } = setup()
    expect(network.store.getState().requestedNetworks.map((n) => n.caipNetworkId)).toEqual([
      'eip155:1',
      'eip155:10',
    ])
    expect(network.isSupported(10)).toBe(true)
    expect(network.isSupported(137)).toBe(false)
  })
})
