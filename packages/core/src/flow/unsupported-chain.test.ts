import { afterEach, describe, expect, it, vi } from 'vitest'
import { UNSUPPORTED_CHAIN_DELAY_MS } from '../config/constants.js'
import { createNetworkController } from '../connection/network-controller.js'
import { getKnownNetwork, type Network } from '../connection/networks.js'
import { createModalController } from '../modal/modal-controller.js'
import { createRouter } from '../modal/router.js'
import { watchUnsupportedChain } from './unsupported-chain.js'

function setup() {
  const router = createRouter({ onEmpty: () => modal.close() })
  const modal = createModalController({ router, isConnected: () => true })
  const networks = [1, 10].map((id) => getKnownNetwork(id) as Network)
  const network = createNetworkController({ networks, defaultChainId: 1 })
  watchUnsupportedChain({ network, router, modal })
  return { router, modal, network }
}

describe('unsupported chain', () => {
  afterEach(() => vi.useRealTimers())

  it('opens UnsupportedChain 300 ms after the wallet moves to a network outside the list', () => {
    vi.useFakeTimers()
    const { network, modal, router } = setup()
    network.setActiveChain(11155111)
    vi.advanceTimersByTime(UNSUPPORTED_CHAIN_DELAY_MS - 1)
    expect(modal.store.getState().open).toBe(false)
    vi.advanceTimersByTime(1)
    expect(modal.store.getState().open).toBe(true)
    expect(router.current()?.view).toBe('UnsupportedChain')

    // Back on a supported chain, the UnsupportedChain view closes by itself.
    network.setActiveChain(1)
    expect(modal.store.getState().open).toBe(false)
  })

  it('does not open UnsupportedChain when the wallet settles on a supported chain within the delay', () => {
    vi.useFakeTimers()
    const { network, modal } = setup()
    network.setActiveChain(137)
    network.setActiveChain(10)
    vi.advanceTimersByTime(UNSUPPORTED_CHAIN_DELAY_MS * 2)
    expect(modal.store.getState().open).toBe(false)
  })
})
