/** The waits of the gateway, injectable so tests move through back-offs and time-outs without sleeping. */
export interface GatewayTimers {
  /** Resolves after `ms` (the back-off before a retry). */
  sleep(ms: number): Promise<void>
  /** A signal that aborts after `ms` (an upstream attempt's time-out); `clear` once the attempt ended. */
  deadline(ms: number): { signal: AbortSignal; clear(): void }
}

export const realTimers: GatewayTimers = {
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  deadline(ms) {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), ms)
    return { signal: controller.signal, clear: () => clearTimeout(timer) }
  },
}
