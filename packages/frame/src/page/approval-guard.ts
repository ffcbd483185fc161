/**
 * How long the sheet must have been steadily in view (fully visible, its window focused, visible and
 * unmoved) before a click or key press counts. A page that flashes the sheet into view, moves it under
 * the visitor's pointer or hands it focus a moment before a key press gets that input ignored.
 */
export const APPROVAL_INPUT_DELAY_MS = 600

/** One reading of what the visitor can see of the sheet and its window. */
export interface ApprovalView {
  /** IntersectionObserver: visible (v2 `isVisible` where it exists) and wholly inside the viewport. */
  sheetVisible: boolean
  /** `document.visibilityState === 'visible'`. */
  pageVisible: boolean
  /** `document.hasFocus()`: key presses and clicks land in this window. */
  focused: boolean
  /** Where the window is and how big (`screenX,screenY,outerWidth,outerHeight`): a move starts over. */
  placement: string
}

export interface ApprovalGuard {
  /** Feed every reading; any change starts the clock over (or stops it while something is wrong). */
  read(view: Partial<ApprovalView>): void
  /** True when input now may approve: trusted, and the view has been steady and whole for the delay. */
  accepts(input: { isTrusted: boolean }): boolean
  /** Milliseconds until input counts (0 when it does; Infinity while something is wrong). */
  remainingMs(): number
  /** The last reading, for the sheet's hint. */
  view(): ApprovalView
}

const sameView = (a: ApprovalView, b: ApprovalView) =>
  a.sheetVisible === b.sheetVisible &&
  a.pageVisible === b.pageVisible &&
  a.focused === b.focused &&
  a.placement === b.placement

const whole = (view: ApprovalView) => view.sheetVisible && view.pageVisible && view.focused

/**
 * Decides whether input on the approval sheet is the visitor's own, seen act. The sheet starts unseen:
 * until a reading says it is visible nothing counts.
 */
export function createApprovalGuard(
  now: () => number = () => performance.now(),
  delayMs = APPROVAL_INPUT_DELAY_MS,
): ApprovalGuard {
  let current: ApprovalView = { sheetVisible: false, pageVisible: true, focused: true, placement: '' }
  let steadySince: number | undefined
  const remainingMs = () =>
    steadySince === undefined ? Number.POSITIVE_INFINITY : Math.max(0, steadySince + delayMs - now())
  return {
    read(partial) {
      const next = { ...current, ...partial }
      if (steadySince !== undefined && sameView(current, next)) return
      current = next
      steadySince = whole(next) ? now() : undefined
    },
    accepts: ({ isTrusted }) => isTrusted && remainingMs() === 0,
    remainingMs,
    view: () => current,
  }
}
