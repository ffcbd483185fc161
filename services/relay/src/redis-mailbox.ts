import { createHash } from 'node:crypto'
import type { Redis } from 'ioredis'
import { type BacklogPage, type Mailbox, type PutResult, pageLength } from './mailbox.js'
import { type MessageRecord, storedBytes } from './message-record.js'

const ACK_SET_TTL_SECONDS = 30 * 24 * 60 * 60
const DONE = Promise.resolve()

// One script per publish and per ack: one command each on the shared connection instead of a MULTI of
// eight, and a script runs whole, as the transaction did: a relay killed mid-publish leaves the message
// stored and indexed, or not at all. The NX adds run for a duplicate too (changing nothing), so a record
// stored without its index by an older relay gets it on the publisher's retry.
// KEYS: message, topic, publisher. ARGV: record JSON, ttl ms, expiresAt, id, now, publisher member.
const PUT_MESSAGE = `
local created = redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX')
local expires = tonumber(ARGV[3])
redis.call('ZADD', KEYS[2], 'NX', expires, ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[5])
redis.call('ZADD', KEYS[3], 'NX', expires, ARGV[6])
-- Each set lives as long as its longest-lived message (PEXPIREAT's GT flag needs Redis 7; this works on 6).
for i = 2, 3 do
  local ttl = redis.call('PTTL', KEYS[i])
  if ttl < 0 or ttl < expires - tonumber(ARGV[5]) then redis.call('PEXPIREAT', KEYS[i], expires) end
end
if created then return 1 end
return 0
`

const ACK_MESSAGE = `
redis.call('SADD', KEYS[1], ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[2])
return 0
`

// KEYS: publisher. ARGV: now. Sums in Redis: the client's set can hold thousands of members, and only
// their total is wanted.
const STORED_BYTES = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local total = 0
for _, member in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  total = total + (tonumber(string.match(member, '^(%d+):')) or 0)
end
return total
`

interface LuaScript {
  lua: string
  sha: string
}

const script = (lua: string): LuaScript => ({ lua, sha: createHash('sha1').update(lua).digest('hex') })
const SCRIPTS = { put: script(PUT_MESSAGE), ack: script(ACK_MESSAGE), storedBytes: script(STORED_BYTES) }

/**
 * The mailbox shared by several relay processes. Keys:
 *   {prefix}m:{id}        the record as JSON, expiring with the message
 *   {prefix}t:{topic}     ZSET of message ids scored by expiry
 *   {prefix}p:{clientId}  ZSET of "{bytes}:{id}" the client published, scored by expiry (storage quota)
 *   {prefix}a:{clientId}  SET of message ids the client acknowledged
 * SET NX on the record makes a repeated publish a no-op on every instance.
 */
export class RedisMailbox implements Mailbox {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly clock: () => number = Date.now,
  ) {}

  /** EVALSHA, and EVAL once for a Redis that has not seen the script yet: one command either way. */
  async #run(lua: LuaScript, keys: string[], args: (string | number)[]): Promise<unknown> {
    try {
      return await this.redis.evalsha(lua.sha, keys.length, ...keys, ...args)
    } catch (error) {
      if (!String(error).includes('NOSCRIPT')) throw error
      return this.redis.eval(lua.lua, keys.length, ...keys, ...args)
    }
  }

  async put(record: MessageRecord): Promise<PutResult> {
    const now = this.clock()
    const created = await this.#run(
      SCRIPTS.put,
      [this.#messageKey(record.id), this.#topicKey(record.topic), this.#publisherKey(record.publisher)],
      [
        JSON.stringify(record),
        Math.max(1, record.expiresAt - now),
        record.expiresAt,
        record.id,
        now,
        `${storedBytes(record)}:${record.id}`,
      ],
    )
    return { created: created === 1, stored: DONE }
  }

  async backlog(topic: string, clientId: string): Promise<BacklogPage> {
    const now = this.clock()
    const ids = await this.redis.zrangebyscore(this.#topicKey(topic), now + 1, '+inf')
    if (ids.length === 0) return { records: [], hasMore: false }
    const [bodies, acked] = await Promise.all([
      this.redis.mget(ids.map((id) => this.#messageKey(id))),
      this.redis.smismember(this.#ackKey(clientId), ...ids),
    ])
    const records: MessageRecord[] = []
    bodies.forEach((body, index) => {
      if (!body || acked[index] === 1) return
      const record = JSON.parse(body) as MessageRecord
      if (record.publisher !== clientId && record.expiresAt > now) records.push(record)
    })
    records.sort((a, b) => a.publishedAt - b.publishedAt)
    const length = pageLength(records.map(storedBytes))
    return { records: records.slice(0, length), hasMore: records.length > length }
  }

  async ack(clientId: string, record: Pick<MessageRecord, 'id' | 'expiresAt'>) {
    await this.#run(SCRIPTS.ack, [this.#ackKey(clientId)], [record.id, ACK_SET_TTL_SECONDS])
  }

  async storedBytes(publisher: string) {
    return Number(await this.#run(SCRIPTS.storedBytes, [this.#publisherKey(publisher)], [this.clock()]))
  }

  async storedIds(ids: readonly string[]) {
    if (ids.length === 0) return new Set<string>()
    const bodies = await this.redis.mget(ids.map((id) => this.#messageKey(id)))
    return new Set(ids.filter((_, index) => bodies[index] !== null))
  }

  async close() {}

  #messageKey(id: string) {
    return `${this.prefix}m:${id}`
  }

  #topicKey(topic: string) {
    return `${this.prefix}t:${topic}`
  }

  #publisherKey(clientId: string) {
    return `${this.prefix}p:${clientId}`
  }

  #ackKey(clientId: string) {
    return `${this.prefix}a:${clientId}`
  }
}
