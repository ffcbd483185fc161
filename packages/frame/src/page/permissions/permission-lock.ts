/** The Web Locks name every tab of the frame's origin takes to change the stored permissions. */
export const PERMISSIONS_LOCK = '@portico-frame/permissions'

/** The browser's Web Locks (`navigator.locks`), or a stand-in with the same contract. */
export type PermissionLocks = Pick<LockManager, 'request'>

/** Runs a change of the stored permissions alone among every frame of this origin that shares the lock. */
export type Exclusive = <T>(change: () => T) => Promise<T>

/**
 * Two tabs of one site each run a frame over the same localStorage, and each would pass a limit the other
 * is about to reach: holding the origin's lock while reading, checking and writing the totals makes their
 * spends take turns, the second reading what the first recorded. Without Web Locks (an old browser) the
 * change still runs whole within this page.
 */
export function exclusiveWith(locks: PermissionLocks | undefined): Exclusive {
  if (!locks) return async (change) => change()
  return async (change) => {
    let result: ReturnType<typeof change> | undefined
    await locks.request(PERMISSIONS_LOCK, { mode: 'exclusive' }, () => {
      result = change()
    })
    return result as ReturnType<typeof change>
  }
}
