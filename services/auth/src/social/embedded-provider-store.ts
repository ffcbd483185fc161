import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider'

/** Expired entries are swept at most this often (they are also never answered once expired). */
const SWEEP_INTERVAL_MS = 60_000

/**
 * Where one development stand-in issuer keeps its sessions, interactions, codes and grants: this
 * process's memory, chosen on purpose (so oidc-provider's quick-start adapter and its warning are not
 * used). A restart only drops sign-ins that were in progress; the stand-ins never run in production.
 */
export function createEmbeddedProviderStore(now: () => number = Date.now): AdapterFactory {
  const entries = new Map<string, { payload: AdapterPayload; expiresAt: number }>()
  const sessionKeyByUid = new Map<string, string>()
  const keyByUserCode = new Map<string, string>()
  const keysByGrant = new Map<string, Set<string>>()
  let sweptAt = now()

  const read = (key: string | undefined) => {
    const entry = key === undefined ? undefined : entries.get(key)
    return entry && entry.expiresAt > now() ? entry.payload : undefined
  }
  const sweep = () => {
    if (now() - sweptAt < SWEEP_INTERVAL_MS) return
    sweptAt = now()
    for (const [key, entry] of entries) if (entry.expiresAt <= sweptAt) entries.delete(key)
    for (const index of [sessionKeyByUid, keyByUserCode])
      for (const [name, key] of index) if (!entries.has(key)) index.delete(name)
    for (const [grantId, keys] of keysByGrant) {
      for (const key of keys) if (!entries.has(key)) keys.delete(key)
      if (keys.size === 0) keysByGrant.delete(grantId)
    }
  }

  return (model: string): Adapter => {
    const keyOf = (id: string) => `${model}:${id}`
    return {
      async upsert(id, payload, expiresIn) {
        sweep()
        const key = keyOf(id)
        entries.set(key, { payload, expiresAt: expiresIn ? now() + expiresIn * 1000 : Infinity })
        if (model === 'Session' && payload.uid) sessionKeyByUid.set(payload.uid, key)
        if (payload.userCode) keyByUserCode.set(payload.userCode, key)
        if (payload.grantId) {
          const keys = keysByGrant.get(payload.grantId) ?? new Set<string>()
          keysByGrant.set(payload.grantId, keys.add(key))
        }
      },
      find: async (id) => read(keyOf(id)),
      findByUid: async (uid) => read(sessionKeyByUid.get(uid)),
      findByUserCode: async (userCode) => read(keyByUserCode.get(userCode)),
      async consume(id) {
        const payload = read(keyOf(id))
        if (payload) payload.consumed = Math.floor(now() / 1000)
      },
      async destroy(id) {
        entries.delete(keyOf(id))
      },
      async revokeByGrantId(grantId) {
        for (const key of keysByGrant.get(grantId) ?? []) entries.delete(key)
        keysByGrant.delete(grantId)
      },
    }
  }
}
