import { describe, expect, it } from 'vitest'
import { addRecentWallet, RECENT_WALLETS_STORAGE_KEY, readRecentWallets } from './recent-wallets.js'

describe('recent wallets', () => {
  it('puts the newest first, drops duplicates by id or rdns, keeps two', () => {
    let recent = addRecentWallet([], { id: 'a', name: 'A', rdns: 'x.a' })
    recent = addRecentWallet(recent, { id: 'b', name: 'B' })
    recent = addRecentWallet(recent, { id: 'a2', name: 'A again', rdns: 'x.a' })
    expect(recent.map((wallet) => wallet.id)).toEqual(['a2', 'b'])
    recent = addRecentWallet(recent, { id: 'c', name: 'C' })
    expect(recent.map((wallet) => wallet.id)).toEqual(['c', 'a2'])
  })

  it('drops a stored value of the wrong shape', () => {
    const map = new Map([[RECENT_WALLETS_STORAGE_KEY, '[{"id":1}]']])
    const storage = {
      getItem: (key: string) => map.get(key) ?? null,
      setItem: (key: string, value: string) => void map.set(key, value),
      removeItem: (key: string) => void map.delete(key),
    }
    expect(readRecentWallets(storage)).toEqual([])
    expect(map.has(RECENT_WALLETS_STORAGE_KEY)).toBe(false)
  })
})
