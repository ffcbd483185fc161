import type { MessageRecord } from './message-record.js'

export interface PutResult {
  /** False for a duplicate (same topic and message hash still stored): it is not delivered again. */
  created: boolean
  /** Resolves once the message is durable; the publish is answered only then. */
  stored: Promise<void>
}

/** Where messages wait until their TTL, and which clients have acknowledged which message. */
export interface Mailbox {
  put(record: MessageRecord): Promise<PutResult>
  /** Unexpired messages on a topic that `clientId` neither published nor acknowledged, oldest first. */
  backlog(topic: string, clientId: string): Promise<MessageRecord[]>
  ack(clientId: string, record: Pick<MessageRecord, 'id' | 'expiresAt'>): Promise<void>
  close(): Promise<void>
}
