import { type MessageRecord, messageId } from './message-record.js'

/** A message as the relay stores it, for tests: published now (or at `publishedAt`), kept 5 minutes unless told. */
export function testMessageRecord(
  topic: string,
  message: string,
  options: { publishedAt?: number; ttlMs?: number; publisher?: string } = {},
): MessageRecord {
  const publishedAt = options.publishedAt ?? Date.now()
  return {
    id: messageId(topic, message),
    topic,
    message,
    tag: 1108,
    publishedAt,
    expiresAt: publishedAt + (options.ttlMs ?? 300_000),
    publisher: options.publisher ?? 'did:key:publisher',
  }
}
