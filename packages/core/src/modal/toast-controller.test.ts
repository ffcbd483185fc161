import { afterEach, describe, expect, it, vi } from 'vitest'
import { dismissErrorToast } from './dismiss-error-toast.js'
import { createToastController, TOAST_DURATION_MS } from './toast-controller.js'
import { createTooltipController } from './tooltip-controller.js'

describe('toast controller', () => {
  afterEach(() => vi.useRealTimers())

  it('shows a toast and hides it after its duration; loading stays', () => {
    vi.useFakeTimers()
    const toast = createToastController()
    toast.show('error', 'Something went wrong')
    expect(toast.store.getState()).toMatchObject({
      open: true,
      variant: 'error',
      message: 'Something went wrong',
    })
    vi.advanceTimersByTime(TOAST_DURATION_MS)
    expect(toast.store.getState().open).toBe(false)

    toast.show('loading', 'Switching')
    vi.advanceTimersByTime(TOAST_DURATION_MS * 3)
    expect(toast.store.getState().open).toBe(true)
  })

  it('gives every toast a new id so a repeated message is announced again', () => {
    const toast = createToastController()
    toast.show('success', 'Copied')
    const first = toast.store.getState().id
    toast.show('success', 'Copied')
    expect(toast.store.getState().id).toBe(first + 1)
  })

  it('dismisses a failure once the action succeeds, and leaves any other toast', () => {
    const toast = createToastController()
    toast.show('error', 'Connection failed')
    dismissErrorToast(toast)
    expect(toast.store.getState().open).toBe(false)

    toast.show('error', 'Failed to fetch token balance')
    dismissErrorToast(toast, 'Failed to disconnect')
    expect(toast.store.getState().open).toBe(true)
    dismissErrorToast(toast, 'Failed to fetch token balance')
    expect(toast.store.getState().open).toBe(false)

    toast.show('success', 'Network switched')
    dismissErrorToast(toast)
    expect(toast.store.getState()).toMatchObject({ open: true, variant: 'success' })
    toast.show('loading', 'Switching network…')
    dismissErrorToast(toast)
    expect(toast.store.getState()).toMatchObject({ open: true, variant: 'loading' })
  })
})

describe('tooltip controller', () => {
  it('shows a message near a trigger rectangle and hides', () => {
    const tooltip = createTooltipController()
    tooltip.show('Copy address', { x: 1, y: 2, width: 3, height: 4 })
    expect(tooltip.store.getState()).toMatchObject({
      open: true,
      message: 'Copy address',
      triggerRect: { x: 1 },
    })
    tooltip.hide()
    expect(tooltip.store.getState().open).toBe(false)
  })
})
