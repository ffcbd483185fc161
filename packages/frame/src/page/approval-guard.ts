/**
 * How long the sheet must have been fully visible before a click counts. A page that flashes the frame
 * into view under the visitor's pointer (clickjacking) gets its click ignored.
 */
export const APPROVAL_INPUT_DELAY_MS = 600

export interface ApprovalGuard {
  /** Feed every visibility reading (IntersectionObserver v2 `isVisible`, or a full intersection). */
  setVisible(visible: boolean): void
  /** True when a click now may approve: trusted input, visible, and visible for long enough. */
  accepts(input: { isTrusted: boolean }): boolean
  /** Milliseconds until clicks count (0 when they do; Infinity while hidden). */
  remainingMs(): number
}

/** Decides whether a click on the approval sheet is the visitor's own, seen act. */
export function createApprovalGuard(
  now: () => number = () => performance.now(),
  delayMs = APPROVAL_INPUT_DELAY_MS,
): ApprovalGuard {
  let visibleSince: number | undefined
  const remainingMs = () =>
    visibleSince === undefined ? Number.POSITIVE_INFINITY : Math.max(0, visibleSince + delayMs - now())
  return {
    setVisible(visible) {
      if (!visible) visibleSince = undefined
      else visibleSince ??= now()
    },
    accepts: ({ isTrusted }) => isTrusted && remainingMs() === 0,
    remainingMs,
  }
}
