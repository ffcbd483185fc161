/** Injected so tests can move time (code expiry, cooldowns) without waiting. */
export type Clock = () => Date

export const systemClock: Clock = () => new Date()

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Resolves after `ms`, or at once when `signal` aborts. */
function sleepUnlessAborted(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done, { once: true })
  })
}

/**
 * Re-checks `poll` (a database read, so any replica may finish the work) until it answers or time is
 * up; `closing` ends the wait early (undefined, as a time-out) so a stopping server is not held open.
 */
export async function longPoll<T>(
  poll: () => Promise<T | undefined>,
  timeoutMs: number,
  closing: AbortSignal,
  intervalMs = 200,
): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (closing.aborted) return undefined
    const value = await poll()
    if (value !== undefined) return value
    if (Date.now() >= deadline || closing.aborted) return undefined
    await sleepUnlessAborted(Math.min(intervalMs, Math.max(0, deadline - Date.now())), closing)
  }
}
