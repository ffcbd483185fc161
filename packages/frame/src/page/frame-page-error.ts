import { PorticoError } from '@portico/wire'

/** What the wallet frame's own code ends with: an auth service answer, a node's, the visitor's choice. */
export type FramePageErrorCode =
  | 'RPC_ERROR'
  | 'WRONG_RECOVERY_FACTOR'
  | 'PASSKEY_SHEET_CLOSED'
  | 'PASSKEY_UNAVAILABLE'
  | 'RECOVERY_CANCELLED'
  | 'RECOVERY_NEEDS_VISITOR'

/**
 * The wallet frame page's errors. They stay inside the frame (the dApp gets the frame's error answer,
 * a FrameError); their codes are the frame's own, so their docs entries carry the `frame-` prefix.
 */
export class FramePageError<TCode extends string = FramePageErrorCode> extends PorticoError<TCode> {
  override name = 'FramePageError'

  override get docsPath(): string {
    return `/docs/errors#frame-${this.code.toLowerCase()}`
  }
}
