import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  PAIRING_EXPIRY_MARGIN_MS,
  PAIRING_LIFETIME_MS,
  PAIRING_RETRY_SPACING_MS,
} from '../../config/constants.js'
import { createPairingController } from './pairing-controller.js'

describe('pairing controller', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(1_000_000)
  })
  afterEach(() => vi.useRealTimers())

  it('holds the URI with its creation and expiry times', () => {
    const pairing = createPairingController()
    const create = vi.fn()
    pairing.start(create)
    expect(create).toHaveBeenCalledTimes(1)
    expect(pairing.store.getState().status).toBe('creating')
    pairing.setUri('wc:abc@2')
    expect(pairing.store.getState()).toEqual({
      status: 'ready',
      uri: 'wc:abc@2',
      createdAt: 1_000_000,
      expiresAt: 1_000_000 + PAIRING_LIFETIME_MS,
    })
    expect(pairing.isExpired()).toBe(false)
  })

  it('counts as expired within the margin and makes a fresh URI by itself', () => {
    const pairing = createPairingController()
    const create = vi.fn()
    pairing.start(create)
    pairing.setUri('wc:first@2')
    vi.advanceTimersByTime(PAIRING_LIFETIME_MS - PAIRING_EXPIRY_MARGIN_MS - 1)
    expect(pairing.isExpired()).toBe(false)
    expect(create).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1)
    expect(create).toHaveBeenCalledTimes(2)
    expect(pairing.store.getState()).toMatchObject({ status: 'creating', uri: undefined })
    pairing.setUri('wc:second@2')
    expect(pairing.store.getState().uri).toBe('wc:second@2')
  })

  it('reports expiry from the clock even before the timer fires', () => {
    let clock = 0
    const pairing = createPairingController({ now: () => clock })
    pairing.start(() => {})
    pairing.setUri('wc:x@2')
    clock = PAIRING_LIFETIME_MS - PAIRING_EXPIRY_MARGIN_MS
    expect(pairing.isExpired()).toBe(true)
  })

  it('allows a retry only after the retry spacing', () => {
    const pairing = createPairingController()
    const create = vi.fn()
    pairing.start(create)
    pairing.fail()
    expect(pairing.store.getState().status).toBe('error')
    expect(pairing.retry()).toBe(false)
    vi.advanceTimersByTime(PAIRING_RETRY_SPACING_MS)
    expect(pairing.retry()).toBe(true)
    expect(create).toHaveBeenCalledTimes(2)
    expect(pairing.retry()).toBe(false)
  })

  it('does not renew while a request waits in the wallet, and stops after reset', () => {
    const pairing = createPairingController()
    const create = vi.fn()
    pairing.start(create)
    pairing.setUri('wc:x@2')
    pairing.setPending()
    vi.advanceTimersByTime(PAIRING_LIFETIME_MS)
    expect(create).toHaveBeenCalledTimes(1)
    pairing.reset()
    expect(pairing.store.getState().status).toBe('idle')
    pairing.setUri('wc:late@2')
    expect(pairing.store.getState().uri).toBeUndefined()
    expect(pairing.retry()).toBe(false)
  })
})
