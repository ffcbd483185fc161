import type { PreferredAccountType } from '@portico/wire'
import type { KeyValueStorage } from './key-value-storage.js'

const KEY = 'portico.preferredAccountType'

/**
 * The account type each signed-in user chose on this device (spec §4), kept in the frame origin's storage so
 * the choice outlives a reload. A value the frame did not write reads as the operator's default.
 */
export function accountPreference(storage: KeyValueStorage, fallback: PreferredAccountType = 'eoa') {
  const read = (): Record<string, PreferredAccountType> => {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(KEY) ?? '{}')
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, PreferredAccountType>) : {}
    } catch {
      return {}
    }
  }
  return {
    get(userId: string): PreferredAccountType {
      const value = read()[userId]
      return value === 'eoa' || value === 'smartAccount' ? value : fallback
    },
    set(userId: string, type: PreferredAccountType) {
      try {
        storage.setItem(KEY, JSON.stringify({ ...read(), [userId]: type }))
      } catch {
        // Storage full or denied: the choice holds for this page only.
      }
    },
  }
}
