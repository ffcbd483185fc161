import { describe, expect, it } from 'vitest'
import { announceProvider, installAsWindowEthereum, type ProviderDetail } from './announce.js'
import { createMemoryStorage } from './storage-like.js'
import { createTestWalletProvider } from './test-wallet-provider.js'

const provider = createTestWalletProvider({ approve: async () => true, storage: createMemoryStorage() })

describe('announceProvider', () => {
  it('announces a frozen detail at once and again on every requestProvider', () => {
    const target = new EventTarget()
    const seen: ProviderDetail[] = []
    target.addEventListener('eip6963:announceProvider', (event) => seen.push((event as CustomEvent).detail))
    const stop = announceProvider(target, provider)
    target.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(seen).toHaveLength(2)
    expect(seen[0]).toBe(seen[1])
    expect(Object.isFrozen(seen[0])).toBe(true)
    expect(Object.isFrozen(seen[0]?.info)).toBe(true)
    expect(seen[0]?.provider).toBe(provider)
    expect(seen[0]?.info).toMatchObject({ name: 'Portico Test Wallet', rdns: 'dev.portico.testwallet' })
    expect(seen[0]?.info.uuid).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
    expect(seen[0]?.info.icon).toMatch(/^data:image\/svg\+xml,%3Csvg/)

    stop()
    target.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(seen).toHaveLength(2)
  })
})

describe('installAsWindowEthereum', () => {
  it('takes window.ethereum only when no other wallet holds it', () => {
    const empty: { ethereum?: unknown } = {}
    expect(installAsWindowEthereum(empty, provider)).toBe(true)
    expect(empty.ethereum).toBe(provider)

    const other = { ethereum: { isMetaMask: true } }
    expect(installAsWindowEthereum(other, provider)).toBe(false)
    expect(other.ethereum).toEqual({ isMetaMask: true })
  })
})
