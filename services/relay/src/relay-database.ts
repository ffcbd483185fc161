export interface RelayMessagesTable {
  id: string
  topic: string
  message: string
  tag: number
  // bigint columns come back as strings from node-postgres; the log converts them.
  published_at: string | number
  expires_at: string | number
  attestation: string | null
  publisher: string
  /** What the message counts against its publisher's storage quota. */
  bytes: string | number
  /** A client that acknowledged the message before its row was written (see sql-mailbox-writes.ts). */
  acked_by: string | null
}

export interface RelayMessageAcksTable {
  message_id: string
  client_id: string
  expires_at: string | number
}

export interface RelayDatabase {
  relay_messages: RelayMessagesTable
  relay_message_acks: RelayMessageAcksTable
}
