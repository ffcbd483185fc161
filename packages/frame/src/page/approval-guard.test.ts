import { describe, expect, it } from 'vitest'
import { APPROVAL_INPUT_DELAY_MS, createApprovalGuard } from './approval-guard.js'

const steady = { sheetVisible: true, pageVisible: true, focused: true, placement: '10,10,420,640' }

describe('approval guard', () => {
  it('takes only trusted input, once the sheet has been fully visible for the delay', () => {
    let now = 1000
    const guard = createApprovalGuard(() => now)
    expect(guard.accepts({ isTrusted: true })).toBe(false)
    expect(guard.remainingMs()).toBe(Number.POSITIVE_INFINITY)
    guard.read(steady)
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
    guard.read(steady)
    now += 5000
    guard.read({ sheetVisible: false })
    expect(guard.accepts({ isTrusted: true })).toBe(false)
    guard.read({ sheetVisible: true })
    now += 10
    expect(guard.accepts({ isTrusted: true })).toBe(false)
    // Repeated identical readings do not reset the clock.
    now += APPROVAL_INPUT_DELAY_MS
    guard.read(steady)
    expect(guard.accepts({ isTrusted: true })).toBe(true)
  })

  it.each([
    ['the window loses focus', { focused: false }],
    ['the window is hidden (another tab, minimised)', { pageVisible: false }],
  ])('takes nothing while %s, and waits the full delay after it comes back', (_, wrong) => {
    let now = 0
    const guard = createApprovalGuard(() => now)
    guard.read(steady)
    now += 5000
    guard.read(wrong)
    expect(guard.remainingMs()).toBe(Number.POSITIVE_INFINITY)
    now += 5000
    guard.read(steady)
    now += APPROVAL_INPUT_DELAY_MS - 30
    expect(guard.accepts({ isTrusted: true })).toBe(false)
    now += 30
    expect(guard.accepts({ isTrusted: true })).toBe(true)
  })

  it('starts over when the window moves or is resized: a sheet slid under the pointer waits again', () => {
    let now = 0
    const guard = createApprovalGuard(() => now)
    guard.read(steady)
    now += 1200
    guard.read({ placement: '300,200,420,640' })
    now += 30
    expect(guard.accepts({ isTrusted: true })).toBe(false)
    expect(guard.remainingMs()).toBe(APPROVAL_INPUT_DELAY_MS - 30)
    now += APPROVAL_INPUT_DELAY_MS
    guard.read({ placement: '300,200,420,640' })
    expect(guard.accepts({ isTrusted: true })).toBe(true)
  })
})
