import { describe, expect, it } from 'vitest'
import { APPROVAL_INPUT_DELAY_MS, createApprovalGuard } from './approval-guard.js'
import { createApprovalInput, type KeyInput } from './approval-input.js'
import { observeVisibility, type VisibilityEntry } from './sheet-visibility.js'

const WHOLE: VisibilityEntry = { isVisible: true, intersectionRatio: 1 }

/** A stand-in for the browser's IntersectionObserver: the test hands it each reading. */
class FakeIntersectionObserver {
  static last: FakeIntersectionObserver | undefined
  observed: unknown
  constructor(
    readonly report: (entries: VisibilityEntry[]) => void,
    readonly init: IntersectionObserverInit & { trackVisibility?: boolean },
  ) {
    FakeIntersectionObserver.last = this
  }
  observe(target: unknown) {
    this.observed = target
  }
  disconnect() {}
}

/**
 * The approval sheet's decision as the sheet wires it: the visibility observer and the window's readings
 * feed the guard, and Approve's key and click events go through the input rules. The clock is the test's.
 */
function sheet({ blocked = false } = {}) {
  let now = 10_000
  const window = { pageVisible: true, focused: true, placement: '100,80,420,640' }
  const guard = createApprovalGuard(() => now)
  const target = { dataset: {} as DOMStringMap } as HTMLElement
  const view = { IntersectionObserver: FakeIntersectionObserver } as unknown as typeof globalThis
  observeVisibility(view, target, (visible) => guard.read({ sheetVisible: visible }))
  const observer = FakeIntersectionObserver.last as FakeIntersectionObserver
  const input = createApprovalInput({ guard, readWindow: () => ({ ...window }), blocked })
  // The sheet reads its window as it shows (then on a poll, and again as each input arrives).
  guard.read({ ...window })
  const key = (key: string, extra: Partial<KeyInput> = {}): KeyInput => ({
    key,
    repeat: false,
    isTrusted: true,
    ...extra,
  })
  return {
    window,
    observer,
    target,
    input,
    see: (entry: VisibilityEntry = WHOLE) => observer.report([entry]),
    wait: (ms: number) => {
      now += ms
    },
    key,
    /** A whole key press on Approve: what its release decides. */
    press: (name = 'Enter', down: Partial<KeyInput> = {}, up: Partial<KeyInput> = {}) => {
      input.keyDown(key(name, down))
      return input.keyUp(key(name, up))
    },
    click: (isTrusted = true) => input.click({ isTrusted }),
  }
}

describe('approval sheet: keyboard approval', () => {
  it('approves on a key going down and up on Approve, once the whole sheet has been steady for 600 ms', () => {
    for (const name of ['Enter', ' ']) {
      const s = sheet()
      s.see()
      s.wait(APPROVAL_INPUT_DELAY_MS)
      // The button's own activation on the way down is cancelled: only the release approves.
      expect(s.input.keyDown(s.key(name))).toBe('cancel')
      s.wait(80)
      expect(s.input.keyUp(s.key(name))).toBe('approve')
    }
  })

  it('refuses a key release alone, whatever comes before it', () => {
    const s = sheet()
    s.see()
    s.wait(5000)
    expect(s.input.keyUp(s.key('Enter'))).toBe('cancel')
    // The release of a key pressed elsewhere (down on another key, or down before focus came).
    s.input.keyDown(s.key('Tab'))
    expect(s.input.keyUp(s.key('Enter'))).toBe('cancel')
    s.input.keyDown(s.key(' '))
    expect(s.input.keyUp(s.key('Enter'))).toBe('cancel')
  })

  it('refuses auto-repeat: a key held down since before the sheet could count', () => {
    const s = sheet()
    s.see()
    s.wait(100)
    // Held since the sheet appeared: the first down is too early, the repeats never count.
    expect(s.input.keyDown(s.key('Enter'))).toBe('cancel')
    s.wait(APPROVAL_INPUT_DELAY_MS)
    expect(s.input.keyDown(s.key('Enter', { repeat: true }))).toBe('cancel')
    expect(s.input.keyUp(s.key('Enter'))).toBe('cancel')
    // Nor does a repeat alone, even late.
    expect(s.press('Enter', { repeat: true })).toBe('cancel')
    expect(s.press('Enter')).toBe('approve')
  })

  it('refuses a key that went down before the 600 ms, even if it comes up after', () => {
    const s = sheet()
    s.see()
    s.wait(APPROVAL_INPUT_DELAY_MS - 1)
    s.input.keyDown(s.key('Enter'))
    s.wait(200)
    expect(s.input.keyUp(s.key('Enter'))).toBe('cancel')
    expect(s.press('Enter')).toBe('approve')
  })

  it('refuses a press interrupted by a blur of Approve or its window', () => {
    const s = sheet()
    s.see()
    s.wait(APPROVAL_INPUT_DELAY_MS)
    s.input.keyDown(s.key('Enter'))
    s.input.release()
    expect(s.input.keyUp(s.key('Enter'))).toBe('cancel')
    // The window lost focus while the key was down: the guard starts over as well.
    s.input.keyDown(s.key('Enter'))
    s.window.focused = false
    expect(s.input.keyUp(s.key('Enter'))).toBe('cancel')
    s.window.focused = true
    expect(s.press('Enter')).toBe('cancel')
    s.wait(APPROVAL_INPUT_DELAY_MS)
    expect(s.press('Enter')).toBe('approve')
  })

  it('refuses untrusted key events, down or up', () => {
    const s = sheet()
    s.see()
    s.wait(APPROVAL_INPUT_DELAY_MS)
    expect(s.press('Enter', { isTrusted: false })).toBe('cancel')
    expect(s.press('Enter', {}, { isTrusted: false })).toBe('cancel')
    expect(s.press(' ', { isTrusted: false }, { isTrusted: false })).toBe('cancel')
  })

  it('leaves other keys alone (Tab moves on, Escape rejects in the sheet)', () => {
    const s = sheet()
    s.see()
    s.wait(APPROVAL_INPUT_DELAY_MS)
    for (const name of ['Tab', 'Escape', 'a', 'ArrowDown']) {
      expect(s.input.keyDown(s.key(name))).toBe('ignore')
      expect(s.input.keyUp(s.key(name))).toBe('ignore')
    }
  })
})

describe('approval sheet: what counts as the whole sheet seen', () => {
  it('asks Chromium for visibility (v2) and reads the ratio too: a clipped or shifted sheet stays isVisible', () => {
    const s = sheet()
    expect(s.observer.init.trackVisibility).toBe(true)
    expect(s.observer.init.threshold).toContain(0.99)
    expect(s.observer.observed).toBe(s.target)
    // isVisible true but 2 % outside the viewport (the top:-y shift, or a crop v2 does not see).
    s.see({ isVisible: true, intersectionRatio: 0.98 })
    expect(s.target.dataset.visible).toBe('false')
    s.wait(5000)
    expect(s.press('Enter')).toBe('cancel')
    expect(s.click()).toBe('ignore')
  })

  it('refuses a covered, faded or transformed sheet (isVisible false) though wholly in the viewport', () => {
    const s = sheet()
    s.see({ isVisible: false, intersectionRatio: 1 })
    s.wait(5000)
    expect(s.press('Enter')).toBe('cancel')
    expect(s.click()).toBe('ignore')
  })

  it('counts a whole sheet where v2 is missing, from the ratio alone', () => {
    const s = sheet()
    s.see({ intersectionRatio: 1 })
    expect(s.target.dataset.visible).toBe('true')
    s.wait(APPROVAL_INPUT_DELAY_MS)
    expect(s.click()).toBe('approve')
  })

  it('starts the 600 ms over when the sheet was cut for one reading', () => {
    const s = sheet()
    s.see()
    s.wait(5000)
    s.see({ isVisible: true, intersectionRatio: 0.5 })
    s.see()
    s.wait(APPROVAL_INPUT_DELAY_MS - 1)
    expect(s.press('Enter')).toBe('cancel')
    s.wait(1)
    expect(s.press('Enter')).toBe('approve')
  })

  it('takes nothing before the first reading, nor at all without IntersectionObserver', () => {
    const s = sheet()
    s.wait(5000)
    expect(s.press('Enter')).toBe('cancel')
    expect(s.click()).toBe('ignore')
    const target = { dataset: {} as DOMStringMap } as HTMLElement
    expect(observeVisibility({} as typeof globalThis, target, () => {})).toBeUndefined()
    expect(observeVisibility(null, target, () => {})).toBeUndefined()
  })

  it('refuses input 30 ms after the window moved or was resized, and counts again 600 ms later', () => {
    for (const placement of ['260,200,420,640', '100,80,420,900']) {
      const s = sheet()
      s.see()
      s.wait(1200)
      // The move is read as the input arrives, not only by the sheet's poll.
      s.window.placement = placement
      s.wait(30)
      expect(s.click()).toBe('ignore')
      expect(s.press('Enter')).toBe('cancel')
      s.wait(APPROVAL_INPUT_DELAY_MS)
      expect(s.press('Enter')).toBe('approve')
    }
  })
})

describe('approval sheet: pointer approval', () => {
  it('approves a trusted click once the whole sheet has been steady for 600 ms', () => {
    const s = sheet()
    s.see()
    s.wait(APPROVAL_INPUT_DELAY_MS - 1)
    expect(s.click()).toBe('ignore')
    s.wait(1)
    expect(s.click(false)).toBe('ignore')
    expect(s.click()).toBe('approve')
  })

  it.each([
    ['its window is not focused', { focused: false }],
    ['its window is hidden', { pageVisible: false }],
  ])('refuses a click while %s, and for 600 ms after it is back', (_, wrong) => {
    const s = sheet()
    s.see()
    s.wait(2000)
    Object.assign(s.window, wrong)
    expect(s.click()).toBe('ignore')
    s.wait(2000)
    expect(s.click()).toBe('ignore')
    Object.assign(s.window, { focused: true, pageVisible: true })
    expect(s.click()).toBe('ignore')
    s.wait(APPROVAL_INPUT_DELAY_MS)
    expect(s.click()).toBe('approve')
  })

  it('approves nothing, by click or key, for a request the account cannot pay', () => {
    const s = sheet({ blocked: true })
    s.see()
    s.wait(5000)
    expect(s.click()).toBe('ignore')
    expect(s.press('Enter')).toBe('cancel')
  })
})
