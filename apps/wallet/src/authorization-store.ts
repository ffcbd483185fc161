import type { StorageLike } from './storage-like.js'

/** What the wallet remembers about a site the user connected: the account and the network it was on. */
export interface RememberedAuthorization {
  readonly address: string
  readonly chainId: number
  /** Milliseconds since epoch; reported as the permission's `date`. */
  readonly grantedAt: number
}

const keyPrefix = 'portico-test-wallet:authorization:'

/**
 * Remembers per origin that the user approved a connection, so a dApp reconnects silently after a reload.
 * The origin is part of the key because one storage object may serve several origins (Node callers, tests).
 */
export function createAuthorizationStore(storage: StorageLike, origin: string) {
  const key = `${keyPrefix}${origin}`
  return {
    read(address: string): RememberedAuthorization | undefined {
      let raw: string | null
      try {
        raw = storage.getItem(key)
      } catch {
        return undefined
      }
      if (!raw) return undefined
      try {
        const parsed = JSON.parse(raw) as Partial<RememberedAuthorization>
        // An authorization for another account (different accountIndex) does not carry over.
        if (typeof parsed.address !== 'string' || parsed.address.toLowerCase() !== address.toLowerCase()) {
          return undefined
        }
        return {
          address: parsed.address,
          chainId: typeof parsed.chainId === 'number' ? parsed.chainId : 0,
          grantedAt: typeof parsed.grantedAt === 'number' ? parsed.grantedAt : 0,
        }
      } catch {
        return undefined
      }
    },
    write(authorization: RememberedAuthorization): void {
      try {
        storage.setItem(key, JSON.stringify(authorization))
      } catch {
        // Storage full or blocked: the authorization then lasts for this page only.
      }
    },
    forget(): void {
      try {
        storage.removeItem(key)
      } catch {
        // Nothing to forget when storage is blocked.
      }
    },
  }
}

export type AuthorizationStore = ReturnType<typeof createAuthorizationStore>
