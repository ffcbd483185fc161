/** Which socket budget a new socket would exceed. */
export type SocketLimitHit = 'client' | 'ip'

export interface SocketLimits {
  maxSocketsPerClient: number
  maxSocketsPerIp: number
}

export interface PublishBudget {
  /** Publishes the bucket holds when full. */
  capacity: number
  /** Publishes it regains per second. */
  ratePerSecond: number
}

/**
 * Where the per-client counters live: this process's memory, or Redis so that every relay sharing it
 * enforces one quota per client (a client's tabs may reach different replicas behind a load balancer).
 */
export interface QuotaStore {
  /** Open sockets from `ip` and, when given, of `clientId`, across every relay sharing the store. */
  socketCounts(ip: string, clientId: string | undefined, now: number): Promise<{ ip: number; client: number }>
  /** Counts socket `socketId` for the client and the address unless either is at its limit (then: which). */
  admitSocket(
    socketId: string,
    clientId: string,
    ip: string,
    limits: SocketLimits,
    now: number,
  ): Promise<SocketLimitHit | undefined>
  releaseSocket(socketId: string, clientId: string, ip: string): Promise<void>
  /** Takes `count` publishes from the client's token bucket, all or none; false when too few are left. */
  takePublishes(clientId: string, count: number, budget: PublishBudget, now: number): Promise<boolean>
  /** Periodic upkeep: forget idle counters (memory), renew this relay's socket leases (Redis). */
  maintain(now: number): Promise<void>
}
