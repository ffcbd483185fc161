import type { MessageRecord } from './message-record.js'

export interface PutResult {
  /** False for a duplicate (same topic and message hash still stored): it is not delivered again. */
  created: boolean
  /** Resolves once the message is durable; the publish is answered only then. */
  stored: Promise<void>
}

/** One page of a topic's backlog: what a subscribe replays and what one fetch returns. */
export interface BacklogPage {
  records: MessageRecord[]
  /** More messages wait behind this page. */
  hasMore: boolean
}

/** Messages per backlog page; no WalletConnect topic has that many waiting. */
export const BACKLOG_PAGE_SIZE = 500
/** Bytes per backlog page (a page always holds at least one message), well under a socket's send buffer cap. */
export const BACKLOG_PAGE_BYTES = 4 * 1024 * 1024

/** Where messages wait until their TTL, and which clients have acknowledged which message. */
export interface Mailbox {
  put(record: MessageRecord): Promise<PutResult>
  /** Unexpired messages on a topic that `clientId` neither published nor acknowledged, oldest first. */
  backlog(topic: string, clientId: string): Promise<BacklogPage>
  ack(clientId: string, record: Pick<MessageRecord, 'id' | 'expiresAt'>): Promise<void>
  /** Bytes of the unexpired messages `publisher` has stored (see storedBytes in message-record.ts). */
  storedBytes(publisher: string): Promise<number>
  /** Which of these message ids are stored and unexpired. */
  storedIds(ids: readonly string[]): Promise<Set<string>>
  close(): Promise<void>
}

/** Cuts an oldest-first list to one page: at most BACKLOG_PAGE_SIZE messages and BACKLOG_PAGE_BYTES. */
export function pageLength(sizes: readonly number[]) {
  let bytes = 0
  let length = 0
  for (const size of sizes) {
    if (length === BACKLOG_PAGE_SIZE || (length > 0 && bytes + size > BACKLOG_PAGE_BYTES)) break
    bytes += size
    length++
  }
  return length
}
