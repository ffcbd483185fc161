import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPortico } from '../../portico.js'
import { emptyServicesFetch } from '../../testing/empty-services-fetch.js'
import { scriptedAdapter } from '../../testing/scripted-adapter.js'

describe('analytics feature', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('asks whether analytics is on only after the open that loaded the runtime has painted', async () => {
    const services = emptyServicesFetch()
    vi.stubGlobal('fetch', services.fetch)
    vi.useFakeTimers()
    const portico = createPortico(
      { projectId: 'p', networks: [1], enableAnalytics: true, adapters: [scriptedAdapter().factory] },
      { storage: undefined },
    )
    portico.mount()
    portico.open()
    await portico.load()
    // The runtime is here and the modal is open, but nothing of analytics ran in the open's frame.
    expect(services.requested.filter((path) => path.includes('getAnalyticsConfig'))).toEqual([])
    await vi.runAllTimersAsync()
    expect(services.requested.filter((path) => path.includes('getAnalyticsConfig'))).toHaveLength(1)
  })

  it('sends an open closed before its first frame ahead of the close', async () => {
    const sent: string[] = []
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input)).pathname
      if (path.endsWith('/getAnalyticsConfig')) return Response.json({ isAnalyticsEnabled: true })
      if (path.endsWith('/e')) sent.push(JSON.parse(String(init?.body)).props.event)
      return new Response(null, { status: 404 })
    })
    vi.useFakeTimers()
    const portico = createPortico(
      { projectId: 'p', networks: [1], enableAnalytics: true, adapters: [scriptedAdapter().factory] },
      { storage: undefined },
    )
    portico.mount()
    await portico.load()
    await vi.runAllTimersAsync()
    portico.open()
    portico.close()
    await vi.runAllTimersAsync()
    expect(sent).toEqual(['MODAL_OPEN', 'MODAL_CLOSE'])
  })
})
