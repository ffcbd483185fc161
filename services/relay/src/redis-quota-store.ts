import type { Redis } from 'ioredis'
import type { PublishBudget, QuotaStore, SocketLimitHit, SocketLimits } from './quota-store.js'

// A token bucket in one hash (tokens, at); refilled by the caller's clock, which never moves it backwards,
// so relays whose clocks differ a little cannot mint tokens. Gone (= full) once it would be full anyway.
const TAKE_PUBLISHES = `
local capacity = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local count = tonumber(ARGV[4])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1])
local at = tonumber(state[2])
if tokens == nil or at == nil then
  tokens = capacity
  at = now
end
if now > at then
  tokens = math.min(capacity, tokens + (now - at) / 1000 * rate)
  at = now
end
local allowed = 0
if count <= tokens then
  tokens = tokens - count
  allowed = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(at))
redis.call('PEXPIRE', KEYS[1], math.ceil((capacity - tokens) / rate * 1000) + 1000)
return allowed
`

// Sockets are members of a sorted set per client and per address, scored by their lease: a relay renews
// its sockets' leases while they are open, so the sockets of a relay that died stop counting once their
// lease runs out instead of holding the quota forever.
// Keeps a key at least `lease` ms longer (PEXPIRE's GT flag needs Redis 7; this works on 6 too).
const EXTEND = `
local function extend(key, lease)
  if redis.call('PTTL', key) < lease then redis.call('PEXPIRE', key, lease) end
end
`

// ARGV: socket id, now, lease end, client limit, address limit, lease length.
const ADMIT_SOCKET = `${EXTEND}
local now = tonumber(ARGV[2])
for i = 1, 2 do redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now) end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[5]) then return 2 end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 1 end
for i = 1, 2 do
  redis.call('ZADD', KEYS[i], ARGV[3], ARGV[1])
  extend(KEYS[i], tonumber(ARGV[6]))
end
return 0
`

// ARGV: socket id, lease end, lease length. Only a socket still counted is renewed.
const RENEW_SOCKET = `${EXTEND}
for i = 1, 2 do
  if redis.call('ZADD', KEYS[i], 'XX', 'CH', ARGV[2], ARGV[1]) == 1 then extend(KEYS[i], tonumber(ARGV[3])) end
end
return 0
`

const COUNT_SOCKETS = `
local counts = {}
for i = 1, #KEYS do counts[i] = redis.call('ZCOUNT', KEYS[i], '(' .. ARGV[1], '+inf') end
return counts
`

type ScriptedRedis = Redis & {
  portico_takePublishes(key: string, ...args: (string | number)[]): Promise<number>
  portico_admitSocket(clientKey: string, ipKey: string, ...args: (string | number)[]): Promise<number>
  portico_countSockets(...args: (string | number)[]): Promise<number[]>
}

type ScriptedPipeline = ReturnType<Redis['pipeline']> & {
  portico_renewSocket(clientKey: string, ipKey: string, ...args: (string | number)[]): unknown
}

/**
 * The counters in Redis, shared by every relay that names the same server and key prefix: one publish
 * bucket per client and one socket count per client and per address across all of them.
 */
export class RedisQuotaStore implements QuotaStore {
  readonly #redis: ScriptedRedis
  /** This relay's open sockets, whose leases it renews. */
  readonly #open = new Map<string, { clientId: string; ip: string }>()

  constructor(
    redis: Redis,
    private readonly prefix: string,
    /** How long a socket counts without its relay renewing the lease (several renewal intervals). */
    private readonly socketLeaseMs: number,
  ) {
    if (!('portico_takePublishes' in redis)) {
      redis.defineCommand('portico_takePublishes', { numberOfKeys: 1, lua: TAKE_PUBLISHES })
      redis.defineCommand('portico_admitSocket', { numberOfKeys: 2, lua: ADMIT_SOCKET })
      redis.defineCommand('portico_countSockets', { lua: COUNT_SOCKETS })
      redis.defineCommand('portico_renewSocket', { numberOfKeys: 2, lua: RENEW_SOCKET })
    }
    this.#redis = redis as ScriptedRedis
  }

  #clientKey = (clientId: string) => `${this.prefix}quota:sockets:client:${clientId}`
  #ipKey = (ip: string) => `${this.prefix}quota:sockets:ip:${ip}`

  async socketCounts(ip: string, clientId: string | undefined, now: number) {
    const keys = clientId === undefined ? [this.#ipKey(ip)] : [this.#ipKey(ip), this.#clientKey(clientId)]
    const [ipCount = 0, clientCount = 0] = await this.#redis.portico_countSockets(keys.length, ...keys, now)
    return { ip: ipCount, client: clientCount }
  }

  async admitSocket(
    socketId: string,
    clientId: string,
    ip: string,
    limits: SocketLimits,
    now: number,
  ): Promise<SocketLimitHit | undefined> {
    const outcome = await this.#redis.portico_admitSocket(
      this.#clientKey(clientId),
      this.#ipKey(ip),
      socketId,
      now,
      now + this.socketLeaseMs,
      limits.maxSocketsPerClient,
      limits.maxSocketsPerIp,
      this.socketLeaseMs,
    )
    if (outcome === 2) return 'ip'
    if (outcome === 1) return 'client'
    this.#open.set(socketId, { clientId, ip })
    return undefined
  }

  async releaseSocket(socketId: string, clientId: string, ip: string) {
    this.#open.delete(socketId)
    await this.#redis.multi().zrem(this.#clientKey(clientId), socketId).zrem(this.#ipKey(ip), socketId).exec()
  }

  async takePublishes(clientId: string, count: number, budget: PublishBudget, now: number) {
    const key = `${this.prefix}quota:publishes:${clientId}`
    return (
      (await this.#redis.portico_takePublishes(key, budget.capacity, budget.ratePerSecond, now, count)) === 1
    )
  }

  /** Renews the leases of this relay's open sockets. */
  async maintain(now: number) {
    if (this.#open.size === 0) return
    const until = now + this.socketLeaseMs
    const renewal = this.#redis.pipeline() as ScriptedPipeline
    for (const [socketId, { clientId, ip }] of this.#open) {
      renewal.portico_renewSocket(
        this.#clientKey(clientId),
        this.#ipKey(ip),
        socketId,
        until,
        this.socketLeaseMs,
      )
    }
    await renewal.exec()
  }
}
