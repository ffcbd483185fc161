import type { KeyValueStorage } from '../connection/key-value-storage.js'

/** The dApp-side login cache of spec §3 and its rules of §4. Storage failures never throw. */

// The keys keep the `@portico/frame/` prefix they were first written under, so remembered logins survive.
export const FRAME_STORAGE_KEYS = {
  email: '@portico/frame/email',
  emailLoginUsed: '@portico/frame/email-login-used',
  lastEmailLoginTime: '@portico/frame/last-email-login-time',
  socialUsername: '@portico/frame/social-username',
  lastUsedChainId: '@portico/frame/last-used-chain-id',
  smartAccountEnabledNetworks: '@portico/frame/smart-account-enabled-networks',
} as const

export const EMAIL_LOGIN_COOLDOWN_MS = 30_000
const LOGIN_CACHE_KEYS = ['email', 'emailLoginUsed', 'lastEmailLoginTime', 'socialUsername'] as const

export interface FrameStorage {
  getEmail(): string | undefined
  isEmailLoginUsed(): boolean
  /**
   * Call when an e-mail code was requested for `email`; starts that address's cooldown. The cooldown is
   * per address, so a visitor who corrects a typo can send to the right address at once.
   */
  setLastEmailLoginTime(email: string, now?: number): void
  /** Remaining cooldown of `email` in whole seconds (rounded up), 0 when a new code may be requested. */
  emailCooldownSeconds(email: string, now?: number): number
  /** Login success: store e-mail and flag, drop the last-email time. */
  setLoginSuccess(email: string): void
  getSocialUsername(): string | undefined
  setSocialUsername(userName: string): void
  getLastUsedChainId(): number | undefined
  setLastUsedChainId(chainId: number): void
  getSmartAccountEnabledNetworks(): number[]
  setSmartAccountEnabledNetworks(chainIds: readonly number[]): void
  /** A connection check said "not connected": forget the login cache. */
  onConnectionCheck(isConnected: boolean): void
  /** Sign-out: forget everything. */
  clearAll(): void
}

/** Storage that never throws: a full, blocked or missing storage only costs the remembered value. */
interface TolerantStorage {
  get(key: string): string | undefined
  set(key: string, value: string): void
  remove(key: string): void
}

function tolerant(storage: KeyValueStorage | undefined): TolerantStorage {
  return {
    get(key) {
      try {
        return storage?.getItem(key) ?? undefined
      } catch {
        return undefined
      }
    },
    set(key, value) {
      try {
        storage?.setItem(key, value)
      } catch {}
    },
    remove(key) {
      try {
        storage?.removeItem(key)
      } catch {}
    },
  }
}

const addressKey = (email: string) => email.trim().toLowerCase()

/** When a code was last requested, per address (lower-cased); junk entries are dropped. */
function lastEmailLoginTimes({ get }: TolerantStorage): Record<string, number> {
  let parsed: unknown
  try {
    parsed = JSON.parse(get(FRAME_STORAGE_KEYS.lastEmailLoginTime) ?? '{}')
  } catch {
    return {}
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {}
  const times: Record<string, number> = {}
  for (const [email, time] of Object.entries(parsed)) {
    if (typeof time === 'number' && Number.isFinite(time) && time > 0) times[email] = time
  }
  return times
}

function emailCooldownSeconds(store: TolerantStorage, email: string, now = Date.now()) {
  const last = lastEmailLoginTimes(store)[addressKey(email)]
  if (last === undefined) return 0
  const left = last + EMAIL_LOGIN_COOLDOWN_MS - now
  return left > 0 ? Math.ceil(left / 1000) : 0
}

function setLastEmailLoginTime(store: TolerantStorage, email: string, now = Date.now()) {
  // Only addresses still cooling down are kept, so the entry stays a handful of addresses long.
  const times = Object.fromEntries(
    Object.entries(lastEmailLoginTimes(store)).filter(([, time]) => time + EMAIL_LOGIN_COOLDOWN_MS > now),
  )
  times[addressKey(email)] = now
  store.set(FRAME_STORAGE_KEYS.lastEmailLoginTime, JSON.stringify(times))
}

function chainIdList(raw: string | undefined): number[] {
  if (!raw) return []
  return raw
    .split(',')
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0)
}

export function createFrameStorage(storage: KeyValueStorage | undefined): FrameStorage {
  const store = tolerant(storage)
  const { get, set, remove } = store
  return {
    getEmail: () => get(FRAME_STORAGE_KEYS.email),
    isEmailLoginUsed: () => get(FRAME_STORAGE_KEYS.emailLoginUsed) === 'true',
    setLastEmailLoginTime: (email, now) => setLastEmailLoginTime(store, email, now),
    emailCooldownSeconds: (email, now) => emailCooldownSeconds(store, email, now),
    setLoginSuccess(email) {
      set(FRAME_STORAGE_KEYS.email, email)
      set(FRAME_STORAGE_KEYS.emailLoginUsed, 'true')
      remove(FRAME_STORAGE_KEYS.lastEmailLoginTime)
    },
    getSocialUsername: () => get(FRAME_STORAGE_KEYS.socialUsername),
    setSocialUsername: (userName) => set(FRAME_STORAGE_KEYS.socialUsername, userName),
    getLastUsedChainId() {
      const value = Number(get(FRAME_STORAGE_KEYS.lastUsedChainId))
      return Number.isSafeInteger(value) && value > 0 ? value : undefined
    },
    setLastUsedChainId: (chainId) => set(FRAME_STORAGE_KEYS.lastUsedChainId, String(chainId)),
    getSmartAccountEnabledNetworks: () => chainIdList(get(FRAME_STORAGE_KEYS.smartAccountEnabledNetworks)),
    setSmartAccountEnabledNetworks: (chainIds) =>
      set(FRAME_STORAGE_KEYS.smartAccountEnabledNetworks, chainIds.join(',')),
    // Not connected: forget the login cache (the chain and smart-account networks stay).
    onConnectionCheck(isConnected) {
      if (isConnected) return
      for (const key of LOGIN_CACHE_KEYS) remove(FRAME_STORAGE_KEYS[key])
    },
    clearAll() {
      for (const key of Object.values(FRAME_STORAGE_KEYS)) remove(key)
    },
  }
}
