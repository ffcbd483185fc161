import * as z from 'zod/mini'
import type { Balance } from './account-controller.js'
import type { Connection } from './connection-controller.js'

/** What is remembered between visits so a returning visitor sees their account on the first frame. */
export interface StoredConnection {
  connection: Connection
  balance?: Balance | undefined
}

export const CONNECTION_STORAGE_KEY = 'portico.connection'

const storedConnectionSchema = z.object({
  connection: z.object({
    accounts: z.array(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))).check(z.minLength(1)),
    chainId: z.number().check(z.int(), z.positive()),
    connectorId: z.string().check(z.minLength(1)),
    connectorName: z.string(),
    connectorIcon: z.optional(z.string()),
  }),
  balance: z.optional(
    z.object({
      value: z.string().check(z.regex(/^\d+$/)),
      decimals: z.number().check(z.int()),
      symbol: z.string(),
      chainId: z.number().check(z.int()),
    }),
  ),
})

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** Reads the remembered connection; anything unreadable is dropped rather than trusted. */
export function readStoredConnection(storage: KeyValueStorage | undefined): StoredConnection | undefined {
  if (!storage) return undefined
  try {
    const raw = storage.getItem(CONNECTION_STORAGE_KEY)
    if (!raw) return undefined
    const parsed = storedConnectionSchema.safeParse(JSON.parse(raw))
    if (parsed.success) return parsed.data
  } catch {
    // Corrupt JSON or storage access denied: fall through and forget it.
  }
  clearStoredConnection(storage)
  return undefined
}

export function writeStoredConnection(storage: KeyValueStorage | undefined, value: StoredConnection): void {
  try {
    storage?.setItem(CONNECTION_STORAGE_KEY, JSON.stringify(value))
  } catch {
    // Storage full or blocked: the visitor only loses the instant reconnect.
  }
}

export function clearStoredConnection(storage: KeyValueStorage | undefined): void {
  try {
    storage?.removeItem(CONNECTION_STORAGE_KEY)
  } catch {}
}
