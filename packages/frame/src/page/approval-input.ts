import type { ApprovalGuard, ApprovalView } from './approval-guard.js'

/** Keys that press a focused button. */
const PRESS_KEYS = new Set(['Enter', ' '])

/** What the sheet does with an input on Approve: let it be, cancel the browser's own action, or approve. */
export type InputOutcome = 'ignore' | 'cancel' | 'approve'

export interface KeyInput {
  key: string
  repeat: boolean
  isTrusted: boolean
}

export interface ApprovalInput {
  keyDown(event: KeyInput): InputOutcome
  keyUp(event: KeyInput): InputOutcome
  click(event: { isTrusted: boolean }): InputOutcome
  /** Focus left Approve or its window: a key already down no longer counts. */
  release(): void
}

export interface ApprovalInputOptions {
  guard: ApprovalGuard
  /** A fresh reading of the window, taken as each input arrives (a move since the last poll counts). */
  readWindow: () => Omit<ApprovalView, 'sheetVisible'>
  /** The account cannot pay for the request: nothing approves it. */
  blocked: boolean
}

/**
 * Decides which input on Approve is the visitor's approval, apart from the page it is wired to. A click
 * counts when the guard accepts it. A key press counts only as a whole: down and up on Approve, both
 * accepted, with no auto-repeat and no loss of focus between them. The button's own key activation (a
 * click on Enter's down or Space's up) is cancelled so it never stands in for that.
 */
export function createApprovalInput({ guard, readWindow, blocked }: ApprovalInputOptions): ApprovalInput {
  /** The key pressed down on Approve while it could count; its release approves. */
  let pressed: string | undefined
  const counts = (event: { isTrusted: boolean }) => {
    guard.read(readWindow())
    return !blocked && guard.accepts(event)
  }
  return {
    keyDown(event) {
      if (!PRESS_KEYS.has(event.key)) return 'ignore'
      pressed = !event.repeat && counts(event) ? event.key : undefined
      return 'cancel'
    },
    keyUp(event) {
      if (!PRESS_KEYS.has(event.key)) return 'ignore'
      const down = pressed
      pressed = undefined
      return down === event.key && counts(event) ? 'approve' : 'cancel'
    },
    click: (event) => (counts(event) ? 'approve' : 'ignore'),
    release() {
      pressed = undefined
    },
  }
}
