import { vi } from 'vitest'
import type { AdapterEvent, ChainAdapter, ChainAdapterFactory } from '../connection/chain-adapter.js'
import type { Connection } from '../connection/connection-controller.js'
import { createPortico, type Portico } from '../portico.js'

export const testAddress = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** What the scripted wallet answers by default. */
export const testConnection: Connection = {
  namespace: 'eip155',
  accounts: [testAddress],
  chainId: 1,
  connectorId: 'dev.portico.testwallet',
  connectorName: 'Portico Test Wallet',
}

/** A scripted EVM adapter: each test says how the "wallet" answers, and can emit wallet events. */
export function scriptedAdapter(overrides: Partial<ChainAdapter> = {}) {
  const listeners = new Set<(event: AdapterEvent) => void>()
  const adapter: ChainAdapter = {
    connect: async () => testConnection,
    reconnect: async () => testConnection,
    disconnect: async () => {},
    switchChain: async () => {},
    getBalance: async (_address, chainId) => ({
      value: '2500000000000000000',
      decimals: 18,
      symbol: 'ETH',
      chainId,
    }),
    signMessage: async () => '0xsig',
    sendTransaction: async () => `0x${'1'.repeat(64)}`,
    waitForTransaction: async () => ({ status: 'success' }),
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    ...overrides,
  }
  const factory: ChainAdapterFactory = {
    namespace: 'eip155',
    isAddress: (address: string) => /^0x[0-9a-fA-F]{40}$/.test(address),
    watchConnectors: () => () => {},
    load: vi.fn(async () => adapter),
  }
  return {
    adapter,
    factory,
    emit: (event: AdapterEvent) => {
      for (const listener of listeners) listener(event)
    },
  }
}

/** localStorage's interface over a Map. */
export class MemoryStorage {
  map = new Map<string, string>()
  getItem = (key: string) => this.map.get(key) ?? null
  setItem = (key: string, value: string) => void this.map.set(key, value)
  removeItem = (key: string) => void this.map.delete(key)
}

/** A Portico on Ethereum with the scripted wallet connected (services come from the stubbed fetch). */
export async function connectedPortico(): Promise<Portico> {
  const { factory } = scriptedAdapter()
  const portico = createPortico(
    { projectId: 'p', networks: [1], adapters: [factory] },
    { storage: undefined },
  )
  await portico.connect(testConnection.connectorId)
  return portico
}

/** Sends a transaction from the connected account and resolves once the kernel announced its confirmation. */
export async function sendConfirmedTransaction(portico: Portico): Promise<void> {
  const confirmed = new Promise((resolve) => portico.on('transactionConfirmed', resolve))
  await portico.sendTransaction({ to: testAddress, value: 1n })
  await confirmed
}
