import type { Redis } from 'ioredis'
import type { FanOut } from './fan-out.js'
import type { MessageRecord } from './message-record.js'

interface FanOutEnvelope {
  origin: string
  record: MessageRecord
}

/**
 * An envelope is the sender's origin, a newline and the record as JSON; a relay from before this format
 * sent `{"origin", "record"}` as one JSON object, still read during a rolling upgrade.
 */
function readEnvelope(text: string): FanOutEnvelope {
  if (text.startsWith('{')) return JSON.parse(text) as FanOutEnvelope
  const newline = text.indexOf('\n')
  return { origin: text.slice(0, newline), record: JSON.parse(text.slice(newline + 1)) as MessageRecord }
}

/**
 * Redis pub/sub with one channel per topic. Fire and forget: a message missed here is still in the
 * shared mailbox and reaches the client on its next (re)subscribe.
 */
export class RedisFanOut implements FanOut {
  /** What starts every envelope this relay sends. */
  readonly #ownPrefix: string

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly prefix: string,
    /** This process's id: it delivers its own publishes locally and skips their echo. */
    private readonly origin: string,
    deliver: (record: MessageRecord) => void,
    onError: (error: unknown) => void,
  ) {
    this.#ownPrefix = `${origin}\n`
    subscriber.on('message', (_channel: string, text: string) => {
      // This relay's own publishes come back on every channel it listens on: skipped unparsed.
      if (text.startsWith(this.#ownPrefix)) return
      try {
        const envelope = readEnvelope(text)
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
    await this.publisher.publish(this.#channel(record.topic), `${this.#ownPrefix}${JSON.stringify(record)}`)
  }

  async close() {}

  #channel(topic: string) {
    return `${this.prefix}ch:${topic}`
  }
}
