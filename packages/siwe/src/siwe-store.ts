/** A signed-in visitor: who, on which chain, until when (epoch milliseconds). */
export interface SiweSession {
  /** The session id (random; put it in the session cookie). */
  id: string
  /** The signed-in address. */
  address: `0x${string}`
  /** The chain the message was signed for. */
  chainId: number
  /** When it was opened. */
  issuedAt: number
  /** When it ends. */
  expiresAt: number
}

/** What consuming a nonce found: only `issued` lets a sign-in through. */
export type NonceState = 'issued' | 'used' | 'expired' | 'unknown'

/**
 * Where nonces and sessions live. The default keeps them in memory (one process); a backend with
 * several replicas passes one on its shared database or Redis. `consumeNonce` must be atomic: of two
 * concurrent calls for one nonce, only one may see `issued`.
 */
export interface SiweStore {
  /** Keeps a new nonce, unused, until `expiresAt`. */
  putNonce(nonce: string, expiresAt: number): Promise<void>
  /** Marks the nonce used and says what it was before. */
  consumeNonce(nonce: string, now: number): Promise<NonceState>
  /** Keeps a session until its `expiresAt`. */
  putSession(session: SiweSession): Promise<void>
  /** The session by id; undefined when unknown or expired. */
  getSession(id: string): Promise<SiweSession | undefined>
  /** Forgets the session (signing out). */
  deleteSession(id: string): Promise<void>
}

/**
 * The in-memory store. A used nonce is remembered until it would have expired, so a replay is told
 * apart from a made-up nonce; entries past their expiry are dropped as new ones come in.
 */
export function createMemorySiweStore(options: { now?: () => number } = {}): SiweStore {
  const now = options.now ?? Date.now
  const nonces = new Map<string, { expiresAt: number; used: boolean }>()
  const sessions = new Map<string, SiweSession>()

  const prune = () => {
    const at = now()
    for (const [nonce, entry] of nonces) if (entry.expiresAt <= at) nonces.delete(nonce)
    for (const [id, session] of sessions) if (session.expiresAt <= at) sessions.delete(id)
  }

  return {
    async putNonce(nonce, expiresAt) {
      prune()
      nonces.set(nonce, { expiresAt, used: false })
    },
    async consumeNonce(nonce, at) {
      const entry = nonces.get(nonce)
      if (!entry) return 'unknown'
      if (entry.used) return 'used'
      entry.used = true
      return entry.expiresAt <= at ? 'expired' : 'issued'
    },
    async putSession(session) {
      prune()
      sessions.set(session.id, session)
    },
    async getSession(id) {
      return sessions.get(id)
    },
    async deleteSession(id) {
      sessions.delete(id)
    },
  }
}
