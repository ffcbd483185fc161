import type { Custody } from '@portico/wire'
import type { Kysely } from 'kysely'
import type { AuthDatabase } from './auth-database.js'
import type { Clock } from './clock.js'
import type { MailOutbox } from './mail-outbox.js'
import type { Mailer } from './mailer.js'

/** What every route needs; built once by the plugin. */
export interface AuthContext {
  db: Kysely<AuthDatabase>
  /** Sends at once, and fails the request if it cannot: for notices that must go out before an action. */
  mailer: Mailer
  /** Codes and links: queued with what they unlock, sent at once and retried by any replica. */
  outbox: MailOutbox
  masterKey: Buffer
  /** user-held (default): the service keeps one share of a key; custodial: two (see keys-routes.ts). */
  custody: Custody
  /** e.g. http://localhost:3004, no trailing slash. */
  publicUrl: string
  now: Clock
  /** Upper bound of the long polls (25 s in production). */
  longPollMs: number
  /** Aborted when the server starts closing: pending long polls answer at once. */
  closing: AbortSignal
}
