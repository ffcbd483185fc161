import type { Redis } from 'ioredis'
import { type BacklogPage, type Mailbox, type PutResult, pageLength } from './mailbox.js'
import { type MessageRecord, storedBytes } from './message-record.js'

const ACK_SET_TTL_SECONDS = 30 * 24 * 60 * 60
const DONE = Promise.resolve()

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

  async put(record: MessageRecord): Promise<PutResult> {
    const now = this.clock()
    const ttlMs = Math.max(1, record.expiresAt - now)
    const topicKey = this.#topicKey(record.topic)
    const publisherKey = this.#publisherKey(record.publisher)
    // One transaction: a relay killed mid-publish leaves the message stored and indexed, or not at all. A
    // record without its index would take the publisher's retry for a duplicate and never be delivered.
    // For a duplicate the NX adds change nothing (a second publisher's copy counts against its quota).
    const results = await this.redis
      .multi()
      .set(this.#messageKey(record.id), JSON.stringify(record), 'PX', ttlMs, 'NX')
      .zadd(topicKey, 'NX', record.expiresAt, record.id)
      .zremrangebyscore(topicKey, '-inf', now)
      // NX gives a fresh key an expiry, GT only ever extends it to the longest-lived message.
      .pexpireat(topicKey, record.expiresAt, 'NX')
      .pexpireat(topicKey, record.expiresAt, 'GT')
      .zadd(publisherKey, 'NX', record.expiresAt, `${storedBytes(record)}:${record.id}`)
      .pexpireat(publisherKey, record.expiresAt, 'NX')
      .pexpireat(publisherKey, record.expiresAt, 'GT')
      .exec()
    const [setError, created] = results?.[0] ?? [new Error('the Redis transaction was discarded'), null]
    if (setError) throw setError
    return { created: created === 'OK', stored: DONE }
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
    const key = this.#ackKey(clientId)
    await this.redis.multi().sadd(key, record.id).expire(key, ACK_SET_TTL_SECONDS).exec()
  }

  async storedBytes(publisher: string) {
    const key = this.#publisherKey(publisher)
    const now = this.clock()
    const results = await this.redis
      .multi()
      .zremrangebyscore(key, '-inf', now)
      .zrangebyscore(key, now + 1, '+inf')
      .exec()
    const members = (results?.[1]?.[1] ?? []) as string[]
    let total = 0
    for (const member of members) total += Number.parseInt(member, 10) || 0
    return total
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
