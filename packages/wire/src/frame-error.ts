export type FrameErrorCode =
  /** The frame answered with an error event. */
  | 'FRAME_ERROR'
  | 'FRAME_TIMEOUT'
  | 'FRAME_ABORTED'
  /** The iframe (dApp side) or the parent (frame side) is missing. */
  | 'FRAME_NOT_SET'
  | 'FRAME_INVALID_RESPONSE'

/** Every failure of a frame request; `message` is what the frame said, or 'An error occurred'. */
export class FrameError extends Error {
  override name = 'FrameError'
  readonly code: FrameErrorCode
  /** The EIP-1193 code the frame gave (4001: the visitor rejected the request), if any. */
  readonly rpcCode: number | undefined
  /** After a wrong one-time code: how many more may be tried. */
  readonly attemptsLeft: number | undefined

  constructor(
    message: string,
    code: FrameErrorCode = 'FRAME_ERROR',
    rpcCode?: number,
    attemptsLeft?: number,
  ) {
    super(message || 'An error occurred')
    this.code = code
    this.rpcCode = rpcCode
    this.attemptsLeft = attemptsLeft
  }
}

export const IFRAME_NOT_SET = 'Portico frame: iframe is not set'
export const PARENT_NOT_SET = 'Portico frame: parent is not set'
export const REQUEST_ABORTED = 'Request was aborted'
/** CONNECT_SOCIAL's answer when the visitor closed the provider's window before signing in. */
export const SOCIAL_WINDOW_CLOSED = 'The sign-in window was closed'
/**
 * What a login (or GET_USER) answers when this device must confirm a fresh code before the wallet is
 * recovered on it: the dApp then sends REQUEST_STEP_UP and CONNECT_STEP_UP_OTP.
 */
export const STEP_UP_REQUIRED = 'Confirm the code sent to your e-mail to use your wallet on this device'
