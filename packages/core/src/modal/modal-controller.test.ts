import { afterEach, describe, expect, it, vi } from 'vitest'
import { SHAKE_DURATION_MS } from '../config/constants.js'
import { createModalController } from './modal-controller.js'
import { createRouter } from './router.js'

describe('modal controller', () => {
  afterEach(() => vi.useRealTimers())

  const setup = (connected: boolean) => {
    const router = createRouter({ onEmpty: () => modal.close() })
    const modal = createModalController({ router, isConnected: () => connected })
    return { router, modal }
  }

  it('opens on Connect when disconnected and on Account when connected', () => {
    const disconnected = setup(false)
    disconnected.modal.open()
    expect(disconnected.modal.store.getState().open).toBe(true)
    expect(disconnected.router.current()?.view).toBe('Connect')

    const connected = setup(true)
    connected.modal.open()
    expect(connected.router.current()?.view).toBe('Account')
  })

  it('opens on a requested view, and closes when going back from the only view', () => {
    const { modal, router } = setup(true)
    modal.open({ view: 'Networks' })
    expect(router.current()?.view).toBe('Networks')
    router.goBack()
    expect(modal.store.getState().open).toBe(false)
  })

  it('shakes for 500 ms', () => {
    vi.useFakeTimers()
    const { modal } = setup(false)
    modal.shake()
    expect(modal.store.getState().shake).toBe(true)
    vi.advanceTimersByTime(SHAKE_DURATION_MS - 1)
    expect(modal.store.getState().shake).toBe(true)
    vi.advanceTimersByTime(1)
    expect(modal.store.getState().shake).toBe(false)
  })
})
