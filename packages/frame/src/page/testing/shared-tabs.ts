// Two tabs of one site, as far as the frame sees them: one localStorage, one lock manager.
import type { KeyValueStorage } from '../key-value-storage.js'
import type { PermissionLocks } from '../permissions/permission-lock.js'

/**
 * One origin's localStorage as two tabs see it: each tab reads its own copy, and a write reaches the
 * other tabs a task later (the browser process forwards it), as in a browser with a process per tab.
 */
export function createSharedStorage() {
  const views = new Set<Map<string, string>>()
  const forward = (from: Map<string, string>, apply: (view: Map<string, string>) => void) => {
    setTimeout(() => {
      for (const view of views) if (view !== from) apply(view)
    }, 0)
  }
  return {
    /** A new tab's view, holding what the others have written so far. */
    tab(): KeyValueStorage {
      const first = views.values().next().value
      const view = new Map<string, string>(first ?? [])
      views.add(view)
      return {
        getItem: (key) => view.get(key) ?? null,
        setItem: (key, value) => {
          view.set(key, value)
          forward(view, (other) => other.set(key, value))
        },
        removeItem: (key) => {
          view.delete(key)
          forward(view, (other) => other.delete(key))
        },
      }
    },
  }
}

/**
 * Web Locks across the tabs: one holder of a name at a time, the next granted a task after the release
 * (the grant, like the storage's forwarding, goes through the browser process, in order).
 */
export function createSharedLocks(): PermissionLocks & { grants: number } {
  const queues = new Map<string, Promise<void>>()
  const locks = {
    grants: 0,
    request(name: string, ...rest: unknown[]) {
      const callback = rest[rest.length - 1] as (lock: Lock | null) => unknown
      const previous = queues.get(name) ?? Promise.resolve()
      const granted = previous.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
      const result = granted.then(() => {
        locks.grants += 1
        return callback({ name, mode: 'exclusive' } as Lock)
      })
      queues.set(
        name,
        result.then(
          () => {},
          () => {},
        ),
      )
      return result
    },
  }
  return locks as PermissionLocks & { grants: number }
}
