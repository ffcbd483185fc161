import type { Launcher } from './approval-launcher.js'
import type { ApprovalPrompt } from './approval-sheet.js'
import {
  APPROVAL_READY,
  APPROVAL_REQUEST,
  type ApprovalRequestMessage,
  approvalWindowMessageSchema,
} from './approval-window-messages.js'

/** The approval window as its opener sees it (a WindowProxy). */
export interface ApprovalPopup {
  readonly closed: boolean
  focus(): void
  close(): void
  postMessage(message: unknown, targetOrigin: string): void
}

export interface ApprovalWindowHost {
  /** The wallet's own origin: the frame's, and the approval window's. */
  origin: string
  /** Opens the approval window (an unnamed top-level window on `origin`); null when the browser refuses. */
  open(): ApprovalPopup | null
  /** Listens to the frame's messages; returns the unsubscribe. */
  listen(listener: (event: { data: unknown; origin: string; source: unknown }) => void): () => void
  /** Shows the launcher over the dApp page (in the frame). */
  showLauncher(handlers: { onReview(): void; onReject(): void }): Launcher
  randomKey(): string
}

/** How often the frame looks whether the visitor closed the window (closing it rejects). */
export const CLOSED_POLL_MS = 250
/** A closed window's answer may still be on its way (posted just before it closed): it wins if it comes. */
export const LAST_ANSWER_MS = 500

/**
 * The consent step of the embedded wallet: the request is shown and answered in a window of the
 * wallet's own origin, which the dApp page cannot style, crop, move, cover or even reach (the frame
 * opens it, so only the frame holds a reference). The frame's launcher opens it on the visitor's click
 * or key press; only an answer from that very window, for this very request, counts. Closing it rejects.
 */
export function confirmInApprovalWindow(
  host: ApprovalWindowHost,
  prompt: ApprovalPrompt,
  signal: AbortSignal,
  closedPollMs = CLOSED_POLL_MS,
): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const key = host.randomKey()
    const request: ApprovalRequestMessage = { type: APPROVAL_REQUEST, key, prompt }
    let popup: ApprovalPopup | undefined
    let watch: ReturnType<typeof setInterval> | undefined
    let done = false

    const finish = (approved: boolean) => {
      if (done) return
      done = true
      clearInterval(watch)
      unlisten()
      signal.removeEventListener('abort', onAbort)
      if (popup && !popup.closed) popup.close()
      launcher.remove()
      resolve(approved)
    }
    const onAbort = () => finish(false)

    const review = () => {
      if (popup && !popup.closed) return popup.focus()
      const opened = host.open()
      if (!opened) return launcher.setState('blocked')
      popup = opened
      launcher.setState('open')
      clearInterval(watch)
      watch = setInterval(() => {
        if (!opened.closed) return
        clearInterval(watch)
        setTimeout(() => finish(false), LAST_ANSWER_MS)
      }, closedPollMs)
    }

    const unlisten = host.listen((event) => {
      // Only the window this frame opened for this request speaks here, from the wallet's origin.
      if (!popup || event.source !== popup || event.origin !== host.origin) return
      const parsed = approvalWindowMessageSchema.safeParse(event.data)
      if (!parsed.success) return
      const message = parsed.data
      if (message.type === APPROVAL_READY) return popup.postMessage(request, host.origin)
      if (message.key === key) finish(message.approved)
    })
    const launcher = host.showLauncher({ onReview: review, onReject: () => finish(false) })
    signal.addEventListener('abort', onAbort, { once: true })
    // The window opens on the launcher's button only. Opened unasked, it would need a click the frame
    // rarely has (browsers block it and warn on the dApp's tab), and where it had one (a click in the
    // frame a moment before) the visitor would get a window at a moment no action of theirs explains.
    if (signal.aborted) finish(false)
  })
}
