import type { Redis } from 'ioredis'
import type { FanOut } from './fan-out.js'
import type { MessageRecord } from './message-record.js'

interface FanOutEnvelope {
  origin: string
  record: MessageRecord
}

/**
 * Redis pub/sub with one channel per topic. Fire and forget: a message missed here is still in the
 * shared mailbox and reaches the client on its next (re)subscribe.
 */
export class RedisFanOut implements FanOut {
  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly prefix: string,
    /** This process's id: it delivers its own publishes locally and skips their echo. */
    private readonly origin: string,
    deliver: (record: MessageRecord) => void,
    onError: (error: unknown) => void,
  ) {
    subscriber.on('message', (_channel: string, text: string) => {
      try {
        const envelope = JSON.parse(text) as FanOutEnvelope
        if (envelope.origin !== this.origin) deliver(envelope.record)
      } catch (error) {
        onError(error)
      }
    })
  }

  async subscribe(topic: string) {
    await this.subscriber.subscribe(this.#channel(topic))
  }

  async unsubscribe(topic: string) {
    await this.subscriber.unsubscribe(this.#channel(topic))
  }

  async publish(record: MessageRecord) {
    const envelope: FanOutEnvelope = { origin: this.origin, record }
    await this.publisher.publish(this.#channel(record.topic), JSON.stringify(envelope))
  }

  async close() {}

  #channel(topic: string) {
    return `${this.prefix}ch:${topic}`
  }
}
