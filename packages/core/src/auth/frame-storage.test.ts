import { describe, expect, it } from 'vitest'
import { createFrameStorage, FRAME_STORAGE_KEYS } from './frame-storage.js'

function memory() {
  const map = new Map<string, string>()
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  }
}

describe('frame storage (dApp side)', () => {
  it('counts the e-mail cooldown down in whole seconds, rounded up', () => {
    const store = createFrameStorage(memory())
    expect(store.emailCooldownSeconds('a@example.test', 1000)).toBe(0)
    store.setLastEmailLoginTime('a@example.test', 1000)
    expect(store.emailCooldownSeconds('a@example.test', 1000)).toBe(30)
    expect(store.emailCooldownSeconds('a@example.test', 1000 + 29_001)).toBe(1)
    expect(store.emailCooldownSeconds('a@example.test', 1000 + 12_500)).toBe(18)
    expect(store.emailCooldownSeconds('a@example.test', 1000 + 30_000)).toBe(0)
  })

  it('keeps the cooldown per address: a corrected address may send at once, the first still waits', () => {
    const store = createFrameStorage(memory())
    store.setLastEmailLoginTime('typo@exmaple.test', 1000)
    expect(store.emailCooldownSeconds('right@example.test', 2000)).toBe(0)
    store.setLastEmailLoginTime('right@example.test', 2000)
    expect(store.emailCooldownSeconds('typo@exmaple.test', 2000)).toBe(29)
    expect(store.emailCooldownSeconds(' Right@Example.test ', 2000)).toBe(30)
    // An address whose cooldown ended is forgotten the next time one is stored.
    store.setLastEmailLoginTime('third@example.test', 31_500)
    expect(store.emailCooldownSeconds('typo@exmaple.test', 31_500)).toBe(0)
    expect(store.emailCooldownSeconds('right@example.test', 31_500)).toBe(1)
  })

  it('stores a login, clears the cache when not connected and everything on sign-out', () => {
    const raw = memory()
    const store = createFrameStorage(raw)
    store.setLastEmailLoginTime('a@example.test', 5)
    store.setLoginSuccess('a@example.test')
    expect(store.getEmail()).toBe('a@example.test')
    expect(store.isEmailLoginUsed()).toBe(true)
    expect(raw.map.has(FRAME_STORAGE_KEYS.lastEmailLoginTime)).toBe(false)
    store.setSocialUsername('octo')
    store.setLastUsedChainId(10)
    store.setSmartAccountEnabledNetworks([1, 8453])
    expect(raw.map.get(FRAME_STORAGE_KEYS.smartAccountEnabledNetworks)).toBe('1,8453')
    expect(store.getSmartAccountEnabledNetworks()).toEqual([1, 8453])
    store.onConnectionCheck(true)
    expect(store.getEmail()).toBe('a@example.test')
    store.onConnectionCheck(false)
    expect(store.getEmail()).toBeUndefined()
    expect(store.isEmailLoginUsed()).toBe(false)
    expect(store.getSocialUsername()).toBeUndefined()
    expect(store.getLastUsedChainId()).toBe(10)
    store.clearAll()
    expect(raw.map.size).toBe(0)
  })

  it('survives a throwing or missing storage and junk values', () => {
    const throwing = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('denied')
      },
      removeItem: () => {
        throw new Error('denied')
      },
    }
    for (const store of [createFrameStorage(throwing), createFrameStorage(undefined)]) {
      store.setLoginSuccess('a@example.test')
      expect(store.getEmail()).toBeUndefined()
      expect(store.emailCooldownSeconds('a@example.test')).toBe(0)
      store.clearAll()
    }
    const raw = memory()
    raw.map.set(FRAME_STORAGE_KEYS.smartAccountEnabledNetworks, '1,x,,-3,10')
    raw.map.set(FRAME_STORAGE_KEYS.lastUsedChainId, 'abc')
    raw.map.set(FRAME_STORAGE_KEYS.lastEmailLoginTime, 'nope')
    const store = createFrameStorage(raw)
    expect(store.getSmartAccountEnabledNetworks()).toEqual([1, 10])
    expect(store.getLastUsedChainId()).toBeUndefined()
    expect(store.emailCooldownSeconds('a@example.test')).toBe(0)
    for (const junk of ['1000', '[1000]', '{"a@example.test":"1000"}', '{"a@example.test":-5}']) {
      raw.map.set(FRAME_STORAGE_KEYS.lastEmailLoginTime, junk)
      expect(store.emailCooldownSeconds('a@example.test', 1001)).toBe(0)
    }
  })
})
