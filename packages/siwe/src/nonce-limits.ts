/** How many nonces may be issued per window: per client (an IP, a session) and in total. */
export interface NonceLimits {
  /** Per client key; default 30. */
  perClient: number
  /** For everyone together in this process; default 10,000. */
  total: number
  /** The window, in ms; default one minute. */
  windowMs: number
}

/** 30 nonces per client and 10,000 in total a minute. */
export const DEFAULT_NONCE_LIMITS: NonceLimits = { perClient: 30, total: 10_000, windowMs: 60_000 }

/**
 * Counts issued nonces in fixed windows. Each nonce is kept until it expires, so unlimited issuance is a
 * memory (or database) exhaustion; a sign-in needs one nonce, a person a handful a minute.
 */
export function nonceIssuanceCounter(limits: NonceLimits) {
  let windowStart = Number.NEGATIVE_INFINITY
  let total = 0
  let perClient = new Map<string, number>()

  return {
    /** Counts one issuance; returns the seconds to wait when over a limit (nothing is counted then). */
    take(client: string | undefined, now: number): number | undefined {
      if (now - windowStart >= limits.windowMs) {
        windowStart = now
        total = 0
        perClient = new Map()
      }
      const retryAfter = Math.max(1, Math.ceil((windowStart + limits.windowMs - now) / 1_000))
      if (total >= limits.total) return retryAfter
      const used = client === undefined ? 0 : (perClient.get(client) ?? 0)
      if (client !== undefined && used >= limits.perClient) return retryAfter
      total++
      if (client !== undefined) perClient.set(client, used + 1)
      return undefined
    },
  }
}
