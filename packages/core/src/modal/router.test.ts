import { describe, expect, it, vi } from 'vitest'
import { currentRouteData } from './route-data.js'
import { createRouter } from './router.js'

describe('router', () => {
  const views = (router: ReturnType<typeof createRouter>) =>
    router.store.getState().history.map((e) => e.view)

  it('pushes, replaces and resets the view stack', () => {
    const router = createRouter({ onEmpty: vi.fn() })
    router.reset('Connect')
    router.push('ConnectingWallet', { connectorId: 'injected' })
    expect(views(router)).toEqual(['Connect', 'ConnectingWallet'])
    expect(router.current()).toEqual({ view: 'ConnectingWallet', data: { connectorId: 'injected' } })
    router.replace('Account')
    expect(views(router)).toEqual(['Connect', 'Account'])
    router.reset('Networks')
    expect(views(router)).toEqual(['Networks'])
  })

  it('goes back one view, and closes when only one view is left', () => {
    const onEmpty = vi.fn()
    const router = createRouter({ onEmpty })
    router.reset('Account')
    router.push('Networks')
    router.goBack()
    expect(views(router)).toEqual(['Account'])
    expect(onEmpty).not.toHaveBeenCalled()
    router.goBack()
    expect(onEmpty).toHaveBeenCalledTimes(1)
    expect(views(router)).toEqual(['Account'])
  })

  it('goes back to an index and ignores an index out of range', () => {
    const router = createRouter({ onEmpty: vi.fn() })
    router.reset('Account')
    router.push('Networks')
    router.push('UnsupportedChain')
    router.goBackToIndex(0)
    expect(views(router)).toEqual(['Account'])
    router.goBackToIndex(5)
    expect(views(router)).toEqual(['Account'])
    expect(router.indexOf('Account')).toBe(0)
    expect(router.indexOf('Networks')).toBe(-1)
  })

  it("reads the current view's data only while that view is on top", () => {
    const router = createRouter({ onEmpty: vi.fn() })
    router.reset('Connect')
    router.push('ConnectingWallet', { connectorId: 'injected' })
    expect(currentRouteData(router.store.getState(), 'ConnectingWallet')?.connectorId).toBe('injected')
    expect(currentRouteData(router.store.getState(), 'Pairing')).toBeUndefined()
    router.push('Account')
    expect(currentRouteData(router.store.getState(), 'ConnectingWallet')).toBeUndefined()
  })
})
