import { resolveConfig } from '@portico/core/internal'
import { describe, expect, it } from 'vitest'
import { isSolanaAccountAddress, solana } from './solana.js'
import { solanaDevnet } from './solana-networks.js'

describe('solana()', () => {
  it('serves the solana namespace and accepts only 32-byte base58 addresses', () => {
    const factory = solana()
    expect(factory.namespace).toBe('solana')
    expect(isSolanaAccountAddress('11111111111111111111111111111111')).toBe(true)
    expect(isSolanaAccountAddress('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')).toBe(true)
    // 33 bytes: base58 of the right length, not a public key.
    expect(isSolanaAccountAddress('zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz')).toBe(false)
    expect(isSolanaAccountAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(false)
  })

  it('lets a dApp list Solana clusters beside EVM chains', () => {
    const config = resolveConfig({ projectId: 'test', networks: [1, solanaDevnet], adapters: [solana()] })
    expect(config.networks[1]).toMatchObject({
      namespace: 'solana',
      chainId: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      name: 'Solana Devnet',
      cluster: 'devnet',
      nativeCurrency: { symbol: 'SOL', decimals: 9 },
    })
    expect(config.rpcUrl(1)).toBe('http://127.0.0.1:8545/1')
  })
})
