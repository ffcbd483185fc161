/** Injected so tests can move time (code expiry, cooldowns) without waiting. */
export type Clock = () => Date

export const systemClock: Clock = () => new Date()

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Re-checks `poll` (a database read, so any replica may finish the work) until it answers or time is up. */
export async function longPoll<T>(
  poll: () => Promise<T | undefined>,
  timeoutMs: number,
  intervalMs = 200,
): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await poll()
    if (value !== undefined) return value
    if (Date.now() >= deadline) return undefined
    await sleep(Math.min(intervalMs, Math.max(0, deadline - Date.now())))
  }
}
