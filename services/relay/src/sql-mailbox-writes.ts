import { type Kysely, sql } from 'kysely'
import { type MessageRecord, storedBytes } from './message-record.js'
import type { RelayDatabase } from './relay-database.js'

/** Rows per statement: keeps one statement's arrays (and its time holding the connection) bounded. */
const ROWS_PER_INSERT = 1_000

/** A message waiting for its batch, with the client that acknowledged it before the batch was written. */
export interface MessageRow {
  record: MessageRecord
  ackedBy?: string | undefined
}

export interface AckRow {
  messageId: string
  clientId: string
  expiresAt: number
}

/**
 * Inserts a batch of messages and returns the ids that were new. Each column goes as one array
 * parameter (unnest): parsing and binding nine parameters instead of nine per row is what makes a
 * batch cheap on PGlite. A message with the same id is a duplicate while it lives; once expired it
 * is replaced (with its first ack, which belonged to the old message, replaced too).
 */
export async function insertMessages(db: Kysely<RelayDatabase>, rows: readonly MessageRow[], now: number) {
  const created = new Set<string>()
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const chunk = rows.slice(i, i + ROWS_PER_INSERT)
    const column = <T>(pick: (row: MessageRow) => T) => chunk.map(pick)
    const result = await sql<{ id: string }>`
      insert into relay_messages
        (id, topic, message, tag, published_at, expires_at, attestation, publisher, bytes, acked_by)
      select * from unnest(
        ${column((row) => row.record.id)}::text[],
        ${column((row) => row.record.topic)}::text[],
        ${column((row) => row.record.message)}::text[],
        ${column((row) => row.record.tag)}::integer[],
        ${column((row) => row.record.publishedAt)}::bigint[],
        ${column((row) => row.record.expiresAt)}::bigint[],
        ${column((row) => row.record.attestation ?? null)}::text[],
        ${column((row) => row.record.publisher)}::text[],
        ${column((row) => storedBytes(row.record))}::bigint[],
        ${column((row) => row.ackedBy ?? null)}::text[]
      )
      on conflict (id) do update set
        topic = excluded.topic, message = excluded.message, tag = excluded.tag,
        published_at = excluded.published_at, expires_at = excluded.expires_at,
        attestation = excluded.attestation, publisher = excluded.publisher, bytes = excluded.bytes,
        acked_by = excluded.acked_by
      where relay_messages.expires_at <= ${now}
      returning id`.execute(db)
    for (const row of result.rows) created.add(row.id)
  }
  return created
}

/** Records acks; acking the same message again only refreshes the expiry. */
export async function insertAcks(db: Kysely<RelayDatabase>, queued: readonly AckRow[]) {
  // One row may be named once per statement: two tabs of one client both ack the same push.
  const acks = [...new Map(queued.map((ack) => [`${ack.messageId} ${ack.clientId}`, ack])).values()]
  for (let i = 0; i < acks.length; i += ROWS_PER_INSERT) {
    const chunk = acks.slice(i, i + ROWS_PER_INSERT)
    await sql`
      insert into relay_message_acks (message_id, client_id, expires_at)
      select * from unnest(
        ${chunk.map((ack) => ack.messageId)}::text[],
        ${chunk.map((ack) => ack.clientId)}::text[],
        ${chunk.map((ack) => ack.expiresAt)}::bigint[]
      )
      on conflict (message_id, client_id) do update set expires_at = excluded.expires_at`.execute(db)
  }
}
