import { afterEach, describe, expect, it, vi } from 'vitest'
import { emptyServicesFetch } from '../../testing/empty-services-fetch.js'
import { connectedPortico, sendConfirmedTransaction } from '../../testing/scripted-adapter.js'

/** A chain API whose balance answers show the native amount of `answers`, one per request, then the last. */
function chainApiAnswering(answers: readonly string[]) {
  const services = emptyServicesFetch()
  let reads = 0
  const fetch: typeof globalThis.fetch = async (input, init) => {
    if (!String(input instanceof Request ? input.url : input).includes('/balance'))
      return services.fetch(input, init)
    const numeric = answers[Math.min(reads++, answers.length - 1)] as string
    return Response.json({
      balances: [
        { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', quantity: { decimals: '18', numeric } },
      ],
    })
  }
  return { fetch, reads: () => reads }
}

describe('balances feature', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('reads again after a confirmation until the chain API agrees with the wallet chain', async () => {
    // The scripted wallet's chain says 2.5 ETH; the chain API first answers a read from before the block.
    const chainApi = chainApiAnswering(['2.5', '3', '2.5'])
    vi.stubGlobal('fetch', chainApi.fetch)
    const portico = await connectedPortico()
    await vi.waitFor(() => expect(chainApi.reads()).toBe(1))

    await sendConfirmedTransaction(portico)
    await vi.waitFor(() => expect(chainApi.reads()).toBe(3), { timeout: 3_000 })
    await vi.waitFor(() =>
      expect(portico.account.store.getState().tokenBalances[0]?.quantity.numeric).toBe('2.5'),
    )
  })

  it('takes away its failure toast once a retried refresh succeeds, and leaves other toasts', async () => {
    const services = emptyServicesFetch()
    let failing = true
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
      failing && String(input instanceof Request ? input.url : input).includes('/balance')
        ? new Response('down', { status: 503 })
        : services.fetch(input, init),
    )
    const portico = await connectedPortico()
    await vi.waitFor(() =>
      expect(portico.toast.store.getState()).toMatchObject({
        open: true,
        variant: 'error',
        message: 'Failed to fetch token balance',
      }),
    )
    failing = false
    await portico.refreshBalance()
    expect(portico.toast.store.getState().open).toBe(false)

    portico.toast.show('success', 'Address copied')
    await portico.refreshBalance()
    expect(portico.toast.store.getState()).toMatchObject({ open: true, message: 'Address copied' })
  })
})
