export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** The browser's localStorage; undefined on the server or where the browser denies it. */
export function browserStorage(): KeyValueStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined
  }
}

/** A zod schema, or a hand-written guard where zod would weigh on the first paint. */
export interface Validator<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false }
}

/** Reads a JSON value; anything unreadable or of the wrong shape is removed rather than trusted. */
export function readJson<T>(
  storage: KeyValueStorage | undefined,
  key: string,
  schema: Validator<T>,
): T | undefined {
  if (!storage) return undefined
  try {
    const raw = storage.getItem(key)
    if (raw === null) return undefined
    const parsed = schema.safeParse(JSON.parse(raw))
    if (parsed.success) return parsed.data
  } catch {
    // Corrupt JSON or storage access denied: fall through and forget it.
  }
  removeKey(storage, key)
  return undefined
}

/** Writes a JSON value; a full or blocked storage only costs the visitor the remembered value. */
export function writeJson(storage: KeyValueStorage | undefined, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value))
  } catch {}
}

export function removeKey(storage: KeyValueStorage | undefined, key: string): void {
  try {
    storage?.removeItem(key)
  } catch {}
}
