import * as z from 'zod/mini'
import { RECENT_WALLETS_KEPT } from '../../config/constants.js'
import { type KeyValueStorage, readJson, writeJson } from '../../connection/key-value-storage.js'

/** A wallet the visitor connected with before, kept to pin it at the top of the list. */
export interface RecentWallet {
  /** The explorer listing id when known, else the connector id. */
  id: string
  name: string
  imageUrl?: string | undefined
  rdns?: string | undefined
}

export const RECENT_WALLETS_STORAGE_KEY = 'portico.recentWallets'

const recentWalletsSchema = z.array(
  z.object({
    id: z.string().check(z.minLength(1)),
    name: z.string().check(z.minLength(1)),
    imageUrl: z.optional(z.string()),
    rdns: z.optional(z.string()),
  }),
)

export function readRecentWallets(storage: KeyValueStorage | undefined): RecentWallet[] {
  return (readJson(storage, RECENT_WALLETS_STORAGE_KEY, recentWalletsSchema) ?? []).slice(
    0,
    RECENT_WALLETS_KEPT,
  )
}

/** Puts `wallet` first and keeps the newest RECENT_WALLETS_KEPT. */
export function addRecentWallet(recent: readonly RecentWallet[], wallet: RecentWallet): RecentWallet[] {
  const same = (other: RecentWallet) =>
    other.id === wallet.id || (!!wallet.rdns && other.rdns === wallet.rdns)
  return [wallet, ...recent.filter((other) => !same(other))].slice(0, RECENT_WALLETS_KEPT)
}

export function writeRecentWallets(
  storage: KeyValueStorage | undefined,
  recent: readonly RecentWallet[],
): void {
  writeJson(storage, RECENT_WALLETS_STORAGE_KEY, recent)
}
