import { describe, expect, it } from 'vitest'
import { APPROVAL_INPUT_DELAY_MS, createApprovalGuard } from './approval-guard.js'

describe('approval guard', () => {
  it('takes only trusted input, once the sheet has been fully visible for the delay', () => {
    let now = 1000
    const guard = createApprovalGuard(() => now)
    expect(guard.accepts({ isTrusted: true })).toBe(false)
    expect(guard.remainingMs()).toBe(Number.POSITIVE_INFINITY)
    guard.setVisible(true)
    now += APPROVAL_INPUT_DELAY_MS - 1
    expect(guard.accepts({ isTrusted: true })).toBe(false)
    expect(guard.remainingMs()).toBe(1)
    now += 1
    expect(guard.accepts({ isTrusted: false })).toBe(false)
    expect(guard.accepts({ isTrusted: true })).toBe(true)
  })

  it('starts over when the sheet is covered or scrolled out, even for a moment', () => {
    let now = 0
    const guard = createApprovalGuard(() => now)
    guard.setVisible(true)
    now += 5000
    guard.setVisible(false)
    expect(guard.accepts({ isTrusted: true })).toBe(false)
    guard.setVisible(true)
    now += 10
    expect(guard.accepts({ isTrusted: true })).toBe(false)
    // Repeated visible readings do not reset the clock.
    now += APPROVAL_INPUT_DELAY_MS
    guard.setVisible(true)
    expect(guard.accepts({ isTrusted: true })).toBe(true)
  })
})
