import { describe, expect, it } from 'vitest'
import { isWrappingKey, memoryDeviceShareKey, newDeviceShareKey } from './device-share-key.js'
import { createFrameVault, VAULT_KEYS } from './frame-vault.js'
import { createMemoryStorage } from './testing/fake-auth-service.js'
import { createWalletShares } from './wallet-keys.js'

const randomBytes = (size: number) => crypto.getRandomValues(new Uint8Array(size))

async function setUp() {
  const storage = createMemoryStorage()
  const key = memoryDeviceShareKey()
  const vault = createFrameVault(storage, randomBytes, key)
  const wallet = await createWalletShares()
  return { storage, key, vault, wallet, share: { address: wallet.address, share: wallet.deviceShare } }
}

const storedEntries = (storage: ReturnType<typeof createMemoryStorage>) =>
  JSON.parse(storage.map.get(VAULT_KEYS.deviceShares) ?? '[]') as [string, Record<string, string>][]

describe('the frame vault’s device shares', () => {
  it('stores only ciphertext: the share is nowhere in the storage, as hex or otherwise', async () => {
    const { storage, vault, wallet, share } = await setUp()
    await vault.setDeviceShare('user-1', share)
    const raw = storage.snapshot()
    expect(raw).not.toContain(wallet.deviceShare)
    expect(raw).not.toMatch(/[0-9a-f]{64}/)
    expect(storedEntries(storage)[0]?.[1]).not.toHaveProperty('share')
    expect(await vault.deviceShare('user-1')).toEqual(share)
  })

  it('uses a fresh IV each time: the same share sealed twice differs', async () => {
    const { storage, vault, share } = await setUp()
    await vault.setDeviceShare('user-1', share)
    const first = storedEntries(storage)[0]?.[1].sealed
    await vault.setDeviceShare('user-1', share)
    expect(storedEntries(storage)[0]?.[1].sealed).not.toBe(first)
  })

  it('does not open a tampered ciphertext, nor one moved to another user or address', async () => {
    const { storage, vault, share } = await setUp()
    await vault.setDeviceShare('user-1', share)
    const [, entry] = storedEntries(storage)[0] as [string, { address: string; sealed: string }]
    const put = (entries: unknown) => storage.map.set(VAULT_KEYS.deviceShares, JSON.stringify(entries))

    const flipped = `${entry.sealed.slice(0, 20)}${entry.sealed[20] === 'A' ? 'B' : 'A'}${entry.sealed.slice(21)}`
    put([['user-1', { ...entry, sealed: flipped }]])
    expect(await vault.deviceShare('user-1')).toBeUndefined()

    put([['user-2', entry]])
    expect(await vault.deviceShare('user-2')).toBeUndefined()

    const other = await createWalletShares()
    put([['user-1', { ...entry, address: other.address }]])
    expect(await vault.deviceShare('user-1')).toBeUndefined()

    put([['user-1', { ...entry, sealed: 'AAAA' }]])
    expect(await vault.deviceShare('user-1')).toBeUndefined()
    put([['user-1', entry]])
    expect(await vault.deviceShare('user-1')).toEqual(share)
  })

  it('does not open a share sealed under another key (a cleared IndexedDB, another frame)', async () => {
    const { storage, vault, share } = await setUp()
    await vault.setDeviceShare('user-1', share)
    const elsewhere = createFrameVault(storage, randomBytes, memoryDeviceShareKey())
    expect(await elsewhere.deviceShare('user-1')).toBeUndefined()
  })

  it('seals a plaintext share left by an earlier frame at its first read, and drops the plaintext', async () => {
    const { storage, vault, wallet, share } = await setUp()
    storage.map.set(VAULT_KEYS.deviceShares, JSON.stringify([['user-1', share]]))
    expect(await vault.deviceShare('user-1')).toEqual(share)
    expect(storage.snapshot()).not.toContain(wallet.deviceShare)
    expect(storedEntries(storage)[0]?.[1]).toHaveProperty('sealed')
    expect(await vault.deviceShare('user-1')).toEqual(share)
  })

  it('keeps other users’ shares when one is written', async () => {
    const { vault, share } = await setUp()
    const other = await createWalletShares()
    await vault.setDeviceShare('user-1', share)
    await vault.setDeviceShare('user-2', { address: other.address, share: other.deviceShare })
    expect(await vault.deviceShare('user-1')).toEqual(share)
    expect((await vault.deviceShare('user-2'))?.share).toBe(other.deviceShare)
  })
})

describe('the device share wrapping key', () => {
  it('cannot be exported', async () => {
    const key = await newDeviceShareKey()
    expect(key.extractable).toBe(false)
    expect(isWrappingKey(key)).toBe(true)
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow()
    await expect(crypto.subtle.exportKey('jwk', await memoryDeviceShareKey()())).rejects.toThrow()
  })

  it('refuses, as the stored key, an extractable one', async () => {
    const extractable = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, [
      'encrypt',
      'decrypt',
    ])
    expect(isWrappingKey(extractable)).toBe(false)
    expect(isWrappingKey({ algorithm: { name: 'AES-GCM' }, extractable: false })).toBe(false)
  })
})
