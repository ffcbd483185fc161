import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { type FanOut, noFanOut } from './fan-out.js'
import type { Mailbox } from './mailbox.js'
import { MemoryQuotaStore } from './memory-quota-store.js'
import type { MessageRecord } from './message-record.js'
import { migrateRelayDatabase } from './migrate-relay-database.js'
import { openRelayDatabase } from './open-relay-database.js'
import type { QuotaStore } from './quota-store.js'
import { RedisFanOut } from './redis-fan-out.js'
import { RedisMailbox } from './redis-mailbox.js'
import { RedisQuotaStore } from './redis-quota-store.js'
import { SqlMailbox } from './sql-mailbox.js'

export const DEFAULT_REDIS_KEY_PREFIX = 'portico:relay:'

export interface RelayStorageOptions {
  dataDir?: string | undefined
  databaseUrl?: string | undefined
  redisUrl?: string | undefined
  redisKeyPrefix?: string | undefined
  /** How long a socket counts in Redis without its relay renewing the lease (a relay that died). */
  socketLeaseMs: number
}

/** Where undelivered messages wait, how other relay processes hear of new ones, and the quota counters. */
export interface RelayStorage {
  mailbox: Mailbox
  fanOut: FanOut
  quotas: QuotaStore
  close(): Promise<void>
}

/**
 * Redis (mailbox, fan-out and per-client quotas shared by every relay process) when redisUrl is set;
 * otherwise the mailbox in PostgreSQL or PGlite and the quotas in memory, in this process alone.
 */
export async function openRelayStorage(
  options: RelayStorageOptions,
  clock: () => number,
  onError: (error: unknown) => void,
  deliver: (record: MessageRecord) => void,
): Promise<RelayStorage> {
  if (options.redisUrl) {
    const prefix = options.redisKeyPrefix ?? DEFAULT_REDIS_KEY_PREFIX
    // Auto-pipelining: the commands every socket issues in one event-loop turn go out as one write.
    const commands = new Redis(options.redisUrl, {
      lazyConnect: true,
      maxRetriesPerRequest: 3,
      enableAutoPipelining: true,
    })
    // Subscriber mode forbids the ready check's INFO command.
    const subscriber = new Redis(options.redisUrl, { lazyConnect: true, enableReadyCheck: false })
    commands.on('error', onError)
    subscriber.on('error', onError)
    try {
      await Promise.all([commands.connect(), subscriber.connect()])
    } catch (error) {
      commands.disconnect()
      subscriber.disconnect()
      throw error
    }
    const fanOut = new RedisFanOut(commands, subscriber, prefix, randomUUID(), deliver, onError)
    return {
      mailbox: new RedisMailbox(commands, prefix, clock),
      fanOut,
      quotas: new RedisQuotaStore(commands, prefix, options.socketLeaseMs),
      async close() {
        await Promise.allSettled([commands.quit(), subscriber.quit()])
      },
    }
  }
  const db = openRelayDatabase({ dataDir: options.dataDir, databaseUrl: options.databaseUrl })
  try {
    await migrateRelayDatabase(db)
    const mailbox = await SqlMailbox.open(db, clock, onError)
    return { mailbox, fanOut: noFanOut, quotas: new MemoryQuotaStore(), close: () => mailbox.close() }
  } catch (error) {
    await db.destroy()
    throw error
  }
}
