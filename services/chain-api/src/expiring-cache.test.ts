import { describe, expect, it } from 'vitest'
import { createExpiringCache } from './expiring-cache.js'

/** A load the test settles by hand, counting how many were started. */
function manualLoads() {
  const pending: ((value: number) => void)[] = []
  let started = 0
  return {
    load: () =>
      new Promise<number>((resolve) => {
        started += 1
        pending.push(resolve)
      }),
    started: () => started,
    settle(value: number) {
      pending.shift()?.(value)
    },
  }
}

const flush = () => new Promise((resolve) => setImmediate(resolve))

describe('expiring cache refreshes', () => {
  it('shares one load among refreshes that arrive while a load runs, started after it ends', async () => {
    const cache = createExpiringCache<number>(60_000)
    const loads = manualLoads()
    const first = cache.get('k', loads.load)
    const refreshes = Array.from({ length: 1_000 }, () => cache.get('k', loads.load, { refresh: true }))
    expect(loads.started()).toBe(1)
    loads.settle(1)
    expect(await first).toBe(1)
    await flush()
    // The shared follow-up load starts only now, so it sees whatever changed before the refreshes asked.
    expect(loads.started()).toBe(2)
    loads.settle(2)
    expect(await Promise.all(refreshes)).toEqual(refreshes.map(() => 2))
    expect(await cache.get('k', loads.load)).toBe(2)
    expect(loads.started()).toBe(2)
  })

  it('lets refreshes read again at most once per interval', async () => {
    let now = 0
    const cache = createExpiringCache<number>(60_000, { minRefreshIntervalMs: 1_000, now: () => now })
    const loads = manualLoads()
    const first = cache.get('k', loads.load)
    loads.settle(1)
    await first
    for (let i = 0; i < 100; i++) {
      now += 9
      expect(await cache.get('k', loads.load, { refresh: true })).toBe(1)
    }
    expect(loads.started()).toBe(1)
    now = 1_000
    const refreshed = cache.get('k', loads.load, { refresh: true })
    expect(loads.started()).toBe(2)
    loads.settle(2)
    expect(await refreshed).toBe(2)
    // Another key has a budget of its own.
    const other = cache.get('other', loads.load, { refresh: true })
    loads.settle(3)
    expect(await other).toBe(3)
  })

  it('forgets a failed load at once', async () => {
    const cache = createExpiringCache<number>(60_000, { minRefreshIntervalMs: 1_000, now: () => 0 })
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await cache.get('k', async () => 7, { refresh: true })).toBe(7)
  })
})
