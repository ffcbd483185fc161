import { describe, expect, it } from 'vitest'
import { CONNECTION_STORAGE_KEY, readStoredConnection, writeStoredConnection } from './connection-storage.js'

class MemoryStorage {
  map = new Map<string, string>()
  getItem = (key: string) => this.map.get(key) ?? null
  setItem = (key: string, value: string) => void this.map.set(key, value)
  removeItem = (key: string) => void this.map.delete(key)
}

const connection = {
  namespace: 'eip155',
  accounts: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
  chainId: 1,
  connectorId: 'dev.portico.testwallet',
  connectorName: 'Portico Test Wallet',
}
const balance = { value: '2500000000000000000', decimals: 18, symbol: 'ETH', chainId: 1 }

const isEvmAddress = (_namespace: string, address: string) => /^0x[0-9a-fA-F]{40}$/.test(address)

function read(value: unknown) {
  const storage = new MemoryStorage()
  storage.setItem(CONNECTION_STORAGE_KEY, typeof value === 'string' ? value : JSON.stringify(value))
  return {
    value: readStoredConnection(storage, isEvmAddress),
    kept: storage.getItem(CONNECTION_STORAGE_KEY) !== null,
  }
}

describe('remembered connection', () => {
  it('reads back what was written, without unknown keys', () => {
    const storage = new MemoryStorage()
    writeStoredConnection(storage, { connection, balance })
    expect(readStoredConnection(storage, isEvmAddress)).toEqual({ connection, balance })
    expect(read({ connection: { ...connection, extra: 1 }, other: true }).value).toEqual({ connection })
    expect(
      read({ connection: { ...connection, connectorIcon: 'data:x' } }).value?.connection.connectorIcon,
    ).toBe('data:x')
  })

  it('drops malformed storage rather than trusting it', () => {
    const malformed: unknown[] = [
      'not json',
      null,
      [],
      { connection: null },
      { connection: { ...connection, accounts: [] } },
      { connection: { ...connection, accounts: ['0x1234'] } },
      { connection: { ...connection, accounts: 'x' } },
      { connection: { ...connection, chainId: 0 } },
      { connection: { ...connection, chainId: 1.5 } },
      { connection: { ...connection, chainId: '1' } },
      { connection: { ...connection, connectorId: '' } },
      { connection: { ...connection, connectorName: 3 } },
      { connection: { ...connection, connectorIcon: 3 } },
      { connection, balance: { ...balance, value: '-1' } },
      { connection, balance: { ...balance, decimals: '18' } },
      { connection, balance: null },
    ]
    for (const value of malformed) expect(read(value)).toEqual({ value: undefined, kept: false })
  })
})
