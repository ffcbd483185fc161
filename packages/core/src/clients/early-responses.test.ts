import { describe, expect, it, vi } from 'vitest'
import { createEarlyResponses } from './early-responses.js'

const answer = (body: string) => new Response(body, { status: 200 })

describe('early responses', () => {
  it('answers the first GET of the same URL from the early request, and only the first', async () => {
    const fetcher = vi.fn(async (input: RequestInfo | URL) => answer(`fetched ${String(input)}`))
    const early = createEarlyResponses(fetcher)
    early.start('http://x/list', {})
    expect(fetcher).toHaveBeenCalledTimes(1)
    expect(await (await early.fetch('http://x/list')).text()).toBe('fetched http://x/list')
    expect(fetcher).toHaveBeenCalledTimes(1)
    // A body is read once: the next request for the URL goes to the network.
    await early.fetch('http://x/list')
    expect(fetcher).toHaveBeenCalledTimes(2)
  })

  it('starts a URL once, and leaves other URLs and other methods alone', async () => {
    const fetcher = vi.fn(async () => answer('ok'))
    const early = createEarlyResponses(fetcher)
    early.start('http://x/list', {})
    early.start('http://x/list', {})
    expect(fetcher).toHaveBeenCalledTimes(1)
    await early.fetch('http://x/other')
    await early.fetch('http://x/list', { method: 'POST', body: '{}' })
    expect(fetcher).toHaveBeenCalledTimes(3)
    await early.fetch('http://x/list')
    expect(fetcher).toHaveBeenCalledTimes(3)
  })

  it('asks again when the early request failed, and a failure nobody takes is not unhandled', async () => {
    let calls = 0
    const fetcher = vi.fn(async () => {
      calls++
      if (calls === 1) throw new TypeError('Failed to fetch')
      return answer('second')
    })
    const early = createEarlyResponses(fetcher)
    early.start('http://x/list', {})
    early.start('http://x/never-taken', {})
    expect(await (await early.fetch('http://x/list')).text()).toBe('second')
    expect(fetcher).toHaveBeenCalledTimes(3)
  })
})
