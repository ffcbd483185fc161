/**
 * The key that wraps the device shares the frame stores: AES-GCM 256, made with `extractable: false`, so
 * the browser keeps its bits and no script (this page's own included) can read them. It lives in the
 * frame's IndexedDB, which the browser partitions per dApp site like the frame's localStorage: a
 * structured clone keeps the CryptoKey, non-extractable, across reloads and restarts. Whoever copies the
 * frame's localStorage gets ciphertext only.
 */
export type DeviceShareKey = () => Promise<CryptoKey>

const DATABASE = '@portico-frame'
const STORE = 'keys'
const KEY_ID = 'device-share-key'

export function newDeviceShareKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
}

/**
 * A key for this page's life only: shares wrapped with it cannot be opened after a reload, so on such a
 * device the wallet asks for its recovery factor again each visit instead of keeping a readable share.
 */
export function memoryDeviceShareKey(): DeviceShareKey {
  let key: Promise<CryptoKey> | undefined
  return () => {
    key ??= newDeviceShareKey()
    return key
  }
}

/**
 * The key kept in the frame's IndexedDB, made on first use. Where IndexedDB is unavailable (a browser
 * that blocks the frame's storage, a private mode without it) it falls back to a key in memory for the
 * page's life: the share then does not persist, and is never stored in plaintext instead.
 */
export function indexedDbDeviceShareKey(factory: IDBFactory | undefined): DeviceShareKey {
  const fallback = memoryDeviceShareKey()
  let key: Promise<CryptoKey> | undefined
  return () => {
    key ??= storedKey(factory).catch(() => fallback())
    return key
  }
}

async function storedKey(factory: IDBFactory | undefined): Promise<CryptoKey> {
  if (!factory) throw new Error('IndexedDB is unavailable')
  const open = factory.open(DATABASE, 1)
  open.onupgradeneeded = () => open.result.createObjectStore(STORE)
  const db = await settled(open)
  try {
    const existing = await readKey(db)
    if (existing) return existing
    const fresh = await newDeviceShareKey()
    try {
      // `add`, never `put`: when another tab of this frame made its key first, that key stays and is used.
      const write = db.transaction(STORE, 'readwrite').objectStore(STORE).add(fresh, KEY_ID)
      await settled(write)
      return fresh
    } catch (error) {
      const other = await readKey(db)
      if (other) return other
      throw error
    }
  } finally {
    db.close()
  }
}

/** The stored key, if it is one this page made: a non-extractable AES-GCM key for encrypt and decrypt. */
async function readKey(db: IDBDatabase): Promise<CryptoKey | undefined> {
  const value: unknown = await settled(db.transaction(STORE, 'readonly').objectStore(STORE).get(KEY_ID))
  return isWrappingKey(value) ? value : undefined
}

export function isWrappingKey(value: unknown): value is CryptoKey {
  return (
    typeof CryptoKey !== 'undefined' &&
    value instanceof CryptoKey &&
    value.algorithm.name === 'AES-GCM' &&
    !value.extractable &&
    value.usages.includes('encrypt') &&
    value.usages.includes('decrypt')
  )
}

function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'))
  })
}
