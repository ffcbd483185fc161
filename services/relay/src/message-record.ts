import { hash } from 'node:crypto'

/** One published message as the relay keeps it until its TTL. The body is opaque ciphertext. */
export interface MessageRecord {
  /** sha256(topic + message): the SDK re-publishes identical ciphertext on retry, so this dedupes. */
  id: string
  topic: string
  message: string
  tag: number
  /** Milliseconds since the epoch. */
  publishedAt: number
  expiresAt: number
  attestation?: string | undefined
  /** clientId (the JWT `iss`) of the publisher; it never gets its own message back. */
  publisher: string
}

export function messageId(topic: string, message: string) {
  // One-shot hash: a quarter of createHash().update().digest()'s cost, paid on every publish.
  return hash('sha256', topic + message)
}

/** The highest lifetime the relay can be configured to keep a message for. */
export const MAX_TTL_SECONDS = 30 * 24 * 60 * 60
/** The SDK's longest TTL: a session request may ask for up to 7 days. */
export const DEFAULT_MAX_TTL_SECONDS = 7 * 24 * 60 * 60
export const DEFAULT_MIN_TTL_SECONDS = 10

/** Clamps a requested TTL into the relay's bounds (the SDK uses 30 s … 7 days). */
export function clampTtlSeconds(
  ttl: number,
  minTtlSeconds = DEFAULT_MIN_TTL_SECONDS,
  maxTtlSeconds = DEFAULT_MAX_TTL_SECONDS,
) {
  return Math.min(maxTtlSeconds, MAX_TTL_SECONDS, Math.max(minTtlSeconds, ttl))
}

/** What a message counts against its publisher's storage quota. */
export function storedBytes(record: Pick<MessageRecord, 'message' | 'attestation'>) {
  return Buffer.byteLength(record.message) + (record.attestation ? Buffer.byteLength(record.attestation) : 0)
}

/** The `data` of an `irn_subscription` push and of a fetched message. */
export function wireMessage(record: MessageRecord) {
  return {
    topic: record.topic,
    message: record.message,
    publishedAt: record.publishedAt,
    tag: record.tag,
    ...(record.attestation === undefined ? {} : { attestation: record.attestation }),
  }
}

/** wireMessage(record) as JSON text, built without the intermediate object (once per push). */
export function wireMessageJson(record: MessageRecord) {
  const attestation =
    record.attestation === undefined ? '' : `,"attestation":${JSON.stringify(record.attestation)}`
  return `{"topic":${JSON.stringify(record.topic)},"message":${JSON.stringify(record.message)},"publishedAt":${record.publishedAt},"tag":${record.tag}${attestation}}`
}
