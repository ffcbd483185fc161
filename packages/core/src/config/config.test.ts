import { describe, expect, it } from 'vitest'
import type { ChainAdapterFactory } from '../connection/chain-adapter.js'
import { getKnownNetwork, type Network } from '../connection/networks.js'
import { ConfigError } from '../errors/errors.js'
import { blockExplorerLink, blockExplorerUrl } from '../format/block-explorer-url.js'
import { resolveConfig } from './config.js'
import { parseConfig } from './parse-config.js'

const adapter: ChainAdapterFactory = {
  namespace: 'eip155',
  isAddress: (address: string) => /^0x[0-9a-fA-F]{40}$/.test(address),
  watchConnectors: () => () => {},
  load: () => Promise.reject(new Error('not used')),
}
const valid = { projectId: 'demo', networks: [1, 10], adapters: [adapter] }

function fieldOf(input: unknown): string | undefined {
  try {
    parseConfig(input as never)
  } catch (error) {
    if (error instanceof ConfigError) return error.field
    throw error
  }
  return undefined
}

describe('provider config', () => {
  it('fills defaults and resolves RPC URLs on the local devnet', () => {
    const config = parseConfig(valid)
    expect(config.defaultChainId).toBe(1)
    expect(config.themeMode).toBe('dark')
    expect(config.rpcTimeoutMs).toBe(10_000)
    expect(config.rpcUrl(10)).toBe('http://127.0.0.1:8545/10')
    expect(config.networks.map((n) => n.name)).toEqual(['Ethereum', 'OP Mainnet'])
    const custom = parseConfig({ ...valid, rpcUrls: { '10': 'https://rpc.example/op' } })
    expect(custom.rpcUrl(10)).toBe('https://rpc.example/op')
    expect(custom.rpcUrl(1)).toBe('http://127.0.0.1:8545/1')
  })

  it('links a block explorer only where the chain has one: devnet chains none, configured or public ones else', () => {
    // A network the config does not list (137) still has its public explorer URL.
    const network = (chainId: number) => getKnownNetwork(chainId) as Network
    const devnet = parseConfig(valid)
    expect(blockExplorerUrl(devnet, network(1))).toBeUndefined()
    expect(blockExplorerUrl(devnet, network(10))).toBeUndefined()
    const configured = parseConfig({
      ...valid,
      rpcUrls: { '1': 'https://rpc.example/eth', '10': 'https://rpc.example/op' },
      blockExplorerUrls: { '10': false, '137': 'https://scan.example/' },
    })
    expect(blockExplorerUrl(configured, network(1))).toBe('https://etherscan.io')
    expect(blockExplorerUrl(configured, network(10))).toBeUndefined()
    expect(blockExplorerUrl(configured, network(137))).toBe('https://scan.example')
    expect(() => parseConfig({ ...valid, blockExplorerUrls: { '1': 'javascript:alert(1)' } })).toThrow(
      /blockExplorerUrls\.1/,
    )
    expect(() => parseConfig({ ...valid, blockExplorerUrls: { eth: 'https://scan.example' } })).toThrow(
      /blockExplorerUrls/,
    )
  })

  it('takes block explorers by CAIP-2 id too, before the chain id', () => {
    const network = (chainId: number) => getKnownNetwork(chainId) as Network
    const config = parseConfig({
      ...valid,
      blockExplorerUrls: { 'eip155:1': 'https://scan.example/eth/', '1': false, 'eip155:10': false },
    })
    expect(blockExplorerUrl(config, network(1))).toBe('https://scan.example/eth')
    expect(blockExplorerUrl(config, network(10))).toBeUndefined()
    expect(
      parseConfig({ ...valid, blockExplorerUrls: { 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': false } })
        .blockExplorerUrls,
    ).toEqual({ 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': false })
    for (const key of ['eip155:0x1', 'solana:devnet', 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1x', 'cosmos:1'])
      expect(fieldOf({ ...valid, blockExplorerUrls: { [key]: false } }), key).toBe(`blockExplorerUrls.${key}`)
  })

  it("links an explorer's address and transaction pages under its path, keeping its query", () => {
    expect(blockExplorerLink('https://etherscan.io', 'address', '0xabc')).toBe(
      'https://etherscan.io/address/0xabc',
    )
    expect(blockExplorerLink('https://scan.example/eth', 'tx', '0x12')).toBe(
      'https://scan.example/eth/tx/0x12',
    )
    expect(blockExplorerLink('https://explorer.solana.com?cluster=testnet', 'tx', 'abc')).toBe(
      'https://explorer.solana.com/tx/abc?cluster=testnet',
    )
  })

  it('defaults the WalletConnect relay to the local one and accepts only ws(s) URLs', () => {
    expect(parseConfig(valid).relayUrl).toBe('ws://127.0.0.1:3003')
    expect(parseConfig({ ...valid, relayUrl: 'wss://relay.example.com' }).relayUrl).toBe(
      'wss://relay.example.com',
    )
    expect(fieldOf({ ...valid, relayUrl: 'https://relay.example.com' })).toBe('relayUrl')
    expect(fieldOf({ ...valid, relayUrl: 'not a url' })).toBe('relayUrl')
  })

  it('takes a BCP 47 locale, leaving it unset for the browser default', () => {
    expect(parseConfig(valid).locale).toBeUndefined()
    expect(parseConfig({ ...valid, locale: 'de-DE' }).locale).toBe('de-DE')
    expect(fieldOf({ ...valid, locale: 'not a locale!' })).toBe('locale')
  })

  it('takes the documented theme variables and refuses a misspelt one or a value that closes its declaration', () => {
    expect(
      parseConfig({ ...valid, themeVariables: { '--portico-accent': '#e4007c' } }).themeVariables,
    ).toEqual({
      '--portico-accent': '#e4007c',
    })
    expect(() => parseConfig({ ...valid, themeVariables: { '--portico-acent': 'red' } as never })).toThrow(
      /themeVariables/,
    )
    expect(() =>
      parseConfig({ ...valid, themeVariables: { '--portico-accent': 'red;position:fixed' } }),
    ).toThrow(/one CSS value/)
  })

  it('names the field of an invalid config', () => {
    expect(fieldOf({ ...valid, projectId: '  ' })).toBe('projectId')
    expect(fieldOf({ ...valid, networks: [1, 999999] })).toBe('networks[1]')
    expect(fieldOf({ ...valid, networks: [] })).toBe('networks')
    expect(fieldOf({ ...valid, explorerUrl: 'not a url' })).toBe('explorerUrl')
    expect(fieldOf({ ...valid, rpcUrls: { '10': 'ftp://x' } })).toBe('rpcUrls.10')
    expect(fieldOf({ ...valid, defaultChainId: 137 })).toBe('defaultChainId')
    expect(fieldOf({ ...valid, adapters: [{}] })).toBe('adapters')
    expect(() => parseConfig({ ...valid, networks: [1, 999999] })).toThrow(
      'Invalid Portico config: networks[1]: unknown chain id',
    )
  })

  it('resolves defaults without the schema and checks what the first paint relies on', () => {
    expect(resolveConfig(valid).defaultChainId).toBe(1)
    expect(resolveConfig({ ...valid, projectId: ' demo ' }).projectId).toBe('demo')
    expect(() => resolveConfig({ ...valid, networks: [1, 999999] })).toThrow(
      'Invalid Portico config: networks[1]: unknown chain id',
    )
    expect(() => resolveConfig({ ...valid, networks: [] })).toThrow('Invalid Portico config: networks:')
    expect(() => resolveConfig({ ...valid, projectId: '  ' })).toThrow('Invalid Portico config: projectId:')
    expect(() => resolveConfig({ ...valid, defaultChainId: 137 })).toThrow(
      'Invalid Portico config: defaultChainId:',
    )
    expect(() => resolveConfig({ ...valid, adapters: [{}] as never })).toThrow(
      'Invalid Portico config: adapters:',
    )
  })
})
