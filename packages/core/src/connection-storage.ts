import * as z from 'zod/mini'
import type { Balance } from './account-controller.js'
import type { Connection } from './connection-controller.js'
import { type KeyValueStorage, readJson, removeKey, writeJson } from './key-value-storage.js'

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

/** Reads the remembered connection; anything unreadable is dropped rather than trusted. */
export function readStoredConnection(storage: KeyValueStorage | undefined): StoredConnection | undefined {
  return readJson(storage, CONNECTION_STORAGE_KEY, storedConnectionSchema)
}

export function writeStoredConnection(storage: KeyValueStorage | undefined, value: StoredConnection): void {
  writeJson(storage, CONNECTION_STORAGE_KEY, value)
}

export function clearStoredConnection(storage: KeyValueStorage | undefined): void {
  removeKey(storage, CONNECTION_STORAGE_KEY)
}
