import type { Redis } from 'ioredis'
import type { Mailbox, PutResult } from './mailbox.js'
import type { MessageRecord } from './message-record.js'

const ACK_SET_TTL_SECONDS = 30 * 24 * 60 * 60
const DONE = Promise.resolve()

/**
 * The mailbox shared by several relay processes. Keys:
 *   {prefix}m:{id}        the record as JSON, expiring with the message
 *   {prefix}t:{topic}     ZSET of message ids scored by expiry
 *   {prefix}a:{clientId}  SET of message ids the client acknowledged
 * SET NX on the record makes a repeated publish a no-op on every instance.
 */
export class RedisMailbox implements Mailbox {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async put(record: MessageRecord): Promise<PutResult> {
    const ttlMs = Math.max(1, record.expiresAt - Date.now())
    const created = await this.redis.set(
      this.#messageKey(record.id),
      JSON.stringify(record),
      'PX',
      ttlMs,
      'NX',
    )
    if (created !== 'OK') return { created: false, stored: DONE }
    const topicKey = this.#topicKey(record.topic)
    await this.redis
      .multi()
      .zadd(topicKey, record.expiresAt, record.id)
      .zremrangebyscore(topicKey, '-inf', Date.now())
      // NX gives a fresh key an expiry, GT only ever extends it to the longest-lived message.
      .pexpireat(topicKey, record.expiresAt, 'NX')
      .pexpireat(topicKey, record.expiresAt, 'GT')
      .exec()
    return { created: true, stored: DONE }
  }

  async backlog(topic: string, clientId: string) {
    const now = Date.now()
    const ids = await this.redis.zrangebyscore(this.#topicKey(topic), now + 1, '+inf')
    if (ids.length === 0) return []
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
    return records.sort((a, b) => a.publishedAt - b.publishedAt)
  }

  async ack(clientId: string, record: Pick<MessageRecord, 'id' | 'expiresAt'>) {
    const key = this.#ackKey(clientId)
    await this.redis.multi().sadd(key, record.id).expire(key, ACK_SET_TTL_SECONDS).exec()
  }

  async close() {}

  #messageKey(id: string) {
    return `${this.prefix}m:${id}`
  }

  #topicKey(topic: string) {
    return `${this.prefix}t:${topic}`
  }

  #ackKey(clientId: string) {
    return `${this.prefix}a:${clientId}`
  }
}
