import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { emptyServicesFetch } from '../../testing/empty-services-fetch.js'
import { connectedPortico, sendConfirmedTransaction, testAddress } from '../../testing/scripted-adapter.js'
import { HISTORY_CATCH_UP_DELAYS_MS } from './activity-feature.js'

const hash = `0x${'1'.repeat(64)}`
const item = {
  id: 'tx-1',
  metadata: {
    operationType: 'send',
    hash,
    minedAt: new Date(0).toISOString(),
    sentFrom: testAddress,
    sentTo: testAddress,
    status: 'confirmed',
    nonce: 0,
    chain: 'eip155:1',
  },
  transfers: [],
}

/** A chain API whose indexer lists the transaction only from its `listedFrom`-th history request on. */
function laggingIndexer(listedFrom: number) {
  const services = emptyServicesFetch()
  let historyRequests = 0
  const fetch: typeof globalThis.fetch = async (input, init) => {
    if (!String(input instanceof Request ? input.url : input).includes('/history'))
      return services.fetch(input, init)
    historyRequests++
    return Response.json({ data: historyRequests >= listedFrom ? [item] : [], next: null })
  }
  return { fetch, historyRequests: () => historyRequests }
}

/** The whole catch-up schedule: once it has passed on the fake clock, no look is still to come. */
const CATCH_UP_SCHEDULE_MS = HISTORY_CATCH_UP_DELAYS_MS.reduce((total, delay) => total + delay, 0)

describe('activity feature', () => {
  // The catch-up's pauses run on a fake clock: no test waits for them.
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }))
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('reloads the open history after a confirmed transaction until the indexer lists it', async () => {
    const indexer = laggingIndexer(3)
    vi.stubGlobal('fetch', indexer.fetch)
    const portico = await connectedPortico()
    await portico.history.load(testAddress, 1)
    expect(indexer.historyRequests()).toBe(1)

    await sendConfirmedTransaction(portico)
    // Listed on the third look: it stops there rather than polling on.
    await vi.advanceTimersByTimeAsync(CATCH_UP_SCHEDULE_MS)
    expect(portico.history.store.getState().items.map((entry) => entry.id)).toEqual(['tx-1'])
    expect(indexer.historyRequests()).toBe(3)
  })

  it('catches up when Activity opens after the confirmation and the indexer still lags', async () => {
    const indexer = laggingIndexer(2)
    vi.stubGlobal('fetch', indexer.fetch)
    const portico = await connectedPortico()
    await sendConfirmedTransaction(portico)
    expect(indexer.historyRequests()).toBe(0)
    await portico.history.load(testAddress, 1)
    await vi.advanceTimersByTimeAsync(CATCH_UP_SCHEDULE_MS)
    expect(portico.history.store.getState().items.map((entry) => entry.id)).toEqual(['tx-1'])
    expect(indexer.historyRequests()).toBe(2)
  })

  it('leaves a history nobody opened alone', async () => {
    const indexer = laggingIndexer(1)
    vi.stubGlobal('fetch', indexer.fetch)
    const portico = await connectedPortico()
    await sendConfirmedTransaction(portico)
    await vi.advanceTimersByTimeAsync(CATCH_UP_SCHEDULE_MS)
    expect(indexer.historyRequests()).toBe(0)
  })
})
