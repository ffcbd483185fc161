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

  constructor(message: string, code: FrameErrorCode = 'FRAME_ERROR') {
    super(message || 'An error occurred')
    this.code = code
  }
}

export const IFRAME_NOT_SET = 'Portico frame: iframe is not set'
export const PARENT_NOT_SET = 'Portico frame: parent is not set'
export const REQUEST_ABORTED = 'Request was aborted'
