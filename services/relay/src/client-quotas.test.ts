import { describe, expect, it } from 'vitest'
import { ClientQuotas, STORED_BYTES_REFRESH_MS } from './client-quotas.js'
import { MemoryQuotaStore } from './memory-quota-store.js'
import { DEFAULT_RELAY_LIMITS } from './relay-limits.js'

const LIMIT = 10_000

/** Quotas over a mailbox that holds `stored` bytes for every client, counting how often it is read. */
function quotasOver(mailboxShared: boolean) {
  const mailbox = { stored: 0, reads: 0 }
  let now = 1_000_000
  const quotas = new ClientQuotas(
    { ...DEFAULT_RELAY_LIMITS, maxStoredBytesPerClient: LIMIT },
    new MemoryQuotaStore(),
    async () => {
      mailbox.reads++
      return mailbox.stored
    },
    () => now,
    () => {},
    mailboxShared,
  )
  /** Reserves and settles as a stored publish does. */
  const store = async (bytes: number) => {
    await quotas.reserveStorage('client', bytes)
    quotas.settleStorage('client', 0)
  }
  return { quotas, mailbox, store, advance: (ms: number) => (now += ms) }
}

describe('ClientQuotas stored bytes', () => {
  it('alone on its mailbox, re-reads a client figure only when it would refuse', async () => {
    const { mailbox, store, advance } = quotasOver(false)
    await store(1_000)
    expect(mailbox.reads).toBe(1)
    // Far below the limit, a stale figure is kept: it can only be too high.
    for (let i = 0; i < 5; i++) {
      advance(STORED_BYTES_REFRESH_MS)
      await store(1_000)
    }
    expect(mailbox.reads).toBe(1)
    // 6,000 counted; 5,000 more would pass the limit, so the mailbox is asked: its messages expired.
    advance(STORED_BYTES_REFRESH_MS)
    mailbox.stored = 0
    await store(5_000)
    expect(mailbox.reads).toBe(2)
    // The fresh figure counts again from what the mailbox said.
    await expect(store(5_001)).rejects.toMatchObject({ data: 'MailboxLimitExceeded' })
  })

  it('refuses past the limit when the mailbox confirms the figure', async () => {
    const { mailbox, store, advance } = quotasOver(false)
    mailbox.stored = 9_000
    await expect(store(1_001)).rejects.toMatchObject({ data: 'MailboxLimitExceeded' })
    advance(STORED_BYTES_REFRESH_MS)
    await expect(store(1_001)).rejects.toMatchObject({ data: 'MailboxLimitExceeded' })
    expect(mailbox.reads).toBe(2)
  })

  it('sharing its mailbox with other relays, re-reads a stale figure to see their writes', async () => {
    const { mailbox, store, advance } = quotasOver(true)
    await store(1_000)
    // Another relay stored 8,500 bytes for the same client meanwhile.
    mailbox.stored = 9_500
    advance(STORED_BYTES_REFRESH_MS)
    await store(100) // starts the re-read; a stale figure that allows is not waited for
    await Promise.resolve()
    expect(mailbox.reads).toBe(2)
    await expect(store(1_000)).rejects.toMatchObject({ data: 'MailboxLimitExceeded' })
  })
})
