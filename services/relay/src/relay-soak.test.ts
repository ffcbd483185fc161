import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, describe, expect, it } from 'vitest'
import { createRelayServer, type RelayServer } from './index.js'
import { RawRelayClient, randomTopic } from './relay-test-clients.js'

// Bounded memory soaks: a flood of a fixed size against an in-process relay, loopback only.
const MESSAGES = 20_000
const MESSAGE_CHARS = 4_096
const PER_BATCH = 100 // 100 × 4 KiB stays under the 512 KiB frame cap
/** Far below the ~80 MB of message text the flood sends: the old in-memory mailbox kept all of it. */
const MAX_HEAP_GROWTH_BYTES = 40 * 1024 * 1024

const dataDirs: string[] = []
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
})

/** Node's gc() without --expose-gc: the flag can be switched on at run time for a fresh context. */
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

async function settledHeap() {
  for (let i = 0; i < 3; i++) {
    gc()
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return process.memoryUsage()
}

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10
function growth(before: NodeJS.MemoryUsage, after: NodeJS.MemoryUsage) {
  return {
    heapUsedMB: `${megabytes(before.heapUsed)} → ${megabytes(after.heapUsed)}`,
    rssMB: `${megabytes(before.rss)} → ${megabytes(after.rss)}`,
  }
}

function newDataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'portico-relay-soak-'))
  dataDirs.push(dir)
  return dir
}

/** Publishes MESSAGES distinct messages in batches, a few frames in flight, and counts the answers. */
async function floodRelay(relay: RelayServer, onBatch: () => Promise<void>) {
  const flooder = await RawRelayClient.connect(relay.url)
  const topic = randomTopic()
  const padding = 'A'.repeat(MESSAGE_CHARS - 8)
  let accepted = 0
  let refused = 0
  const refusals = new Set<string>()
  for (let batch = 0; batch < MESSAGES / PER_BATCH; batch++) {
    const messages = Array.from({ length: PER_BATCH }, (_, i) => ({
      topic,
      message: `${String(batch * PER_BATCH + i).padStart(8, '0')}${padding}`,
      ttl: 3_600,
    }))
    const answer = await flooder.request('irn_batchPublish', { messages })
    if (answer.result === true) accepted += PER_BATCH
    else {
      refused += PER_BATCH
      refusals.add(String(answer.error?.data))
    }
    // Frames are kept for inspection by the test client; drop them so only the relay's memory counts.
    flooder.frames.length = 0
    if (batch % 20 === 0) await onBatch()
  }
  await flooder.close()
  return { accepted, refused, refusals: [...refusals] }
}

/** A bystander pair that must keep working while the flood runs. */
async function bystanders(relay: RelayServer) {
  const sender = await RawRelayClient.connect(relay.url)
  const receiver = await RawRelayClient.connect(relay.url)
  const topic = randomTopic()
  await receiver.request('irn_subscribe', { topic })
  let sent = 0
  return {
    async exchange() {
      const message = Buffer.from(`bystander ${sent++}`).toString('base64')
      expect((await sender.request('irn_publish', { topic, message, ttl: 300 })).result).toBe(true)
      await receiver.waitFor((frame) => frame.params?.data?.message === message)
    },
    sent: () => sent,
    close: () => Promise.all([sender.close(), receiver.close()]),
  }
}

describe('memory under a flood', () => {
  it('keeps the heap flat when one client floods with the default quotas, and serves others', async () => {
    const relay = await createRelayServer({ dataDir: newDataDir() })
    const others = await bystanders(relay)
    const before = await settledHeap()
    const result = await floodRelay(relay, () => others.exchange())
    const after = await settledHeap()
    await others.exchange()
    console.info('soak (default quotas)', { ...result, ...growth(before, after) })
    expect(result.refusals).toEqual(['TooManyRequests'])
    expect(result.accepted).toBeLessThan(MESSAGES / 10)
    expect(after.heapUsed - before.heapUsed).toBeLessThan(MAX_HEAP_GROWTH_BYTES)
    expect(others.sent()).toBeGreaterThan(MESSAGES / PER_BATCH / 20)
    await others.close()
    await relay.close()
  })

  it('keeps accepted messages in the database, not the heap', async () => {
    const relay = await createRelayServer({
      dataDir: newDataDir(),
      limits: {
        publishesPerSecond: 1_000_000,
        publishBurst: 1_000_000,
        maxStoredBytesPerClient: 1024 ** 3,
        maxStoredBytesPerIp: 1024 ** 3,
      },
    })
    const others = await bystanders(relay)
    const before = await settledHeap()
    const result = await floodRelay(relay, () => others.exchange())
    const after = await settledHeap()
    await others.exchange()
    console.info('soak (raised quotas)', { ...result, ...growth(before, after) })
    expect(result.accepted).toBe(MESSAGES)
    expect(after.heapUsed - before.heapUsed).toBeLessThan(MAX_HEAP_GROWTH_BYTES)
    await others.close()
    await relay.close()
  }, 120_000)
})
