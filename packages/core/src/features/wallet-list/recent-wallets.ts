import { guard, isRecord } from '../../clients/wallet-listing-guard.js'
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

const isFilled = (value: unknown): value is string => typeof value === 'string' && value.length > 0
const isOptionalText = (value: unknown) => value === undefined || typeof value === 'string'

/** The saved wallets, checked by hand (they are read as the modal opens, zod is not on its way). */
const recentWalletsGuard = guard((value) => {
  if (!Array.isArray(value)) return undefined
  const valid = value.every(
    (each) =>
      isRecord(each) &&
      isFilled(each.id) &&
      isFilled(each.name) &&
      isOptionalText(each.imageUrl) &&
      isOptionalText(each.rdns),
  )
  return valid
    ? value.map(
        ({ id, name, imageUrl, rdns }): RecentWallet => ({
          id,
          name,
          ...(imageUrl === undefined ? {} : { imageUrl }),
          ...(rdns === undefined ? {} : { rdns }),
        }),
      )
    : undefined
})

export function readRecentWallets(storage: KeyValueStorage | undefined): RecentWallet[] {
  return (readJson(storage, RECENT_WALLETS_STORAGE_KEY, recentWalletsGuard) ?? []).slice(
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
