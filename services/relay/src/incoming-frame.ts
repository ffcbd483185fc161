import { errorFrame } from './json-rpc-frames.js'
import { readRawTopLevelMember } from './raw-json-member.js'
import { RPC_INVALID_REQUEST, RPC_PARSE_ERROR } from './relay-errors.js'

/** One frame a client sent, sorted before it is handled. */
export type IncomingFrame =
  /** Not a JSON-RPC request or response: `answer` is the error frame to send back. */
  | { kind: 'invalid'; answer: string }
  /** The client's answer to one of our pushes (an ack, or an error). */
  | { kind: 'response'; rawId: string; id: string | number; acknowledged: boolean }
  | { kind: 'request'; rawId: string; method: string; params: unknown }

/**
 * Parses a frame once and tells requests from responses: responses (acks) are handled as they come,
 * requests in order. `rawId` is the id exactly as the client wrote it (see readRawTopLevelMember).
 */
export function readIncomingFrame(text: string): IncomingFrame {
  let frame: unknown
  try {
    frame = JSON.parse(text)
  } catch {
    return invalid(null, RPC_PARSE_ERROR, 'Parse error: the frame is not valid JSON')
  }
  if (typeof frame !== 'object' || frame === null || Array.isArray(frame))
    return invalid(null, RPC_INVALID_REQUEST, 'Invalid request: expected a JSON-RPC object')
  const message = frame as Record<string, unknown>
  const id = message.id
  const rawId =
    typeof id === 'string' || typeof id === 'number' ? readRawTopLevelMember(text, 'id') : undefined
  if (rawId === undefined || (typeof id !== 'string' && typeof id !== 'number'))
    return invalid(null, RPC_INVALID_REQUEST, 'Invalid request: id must be a string or a number')
  if (typeof message.method === 'string')
    return { kind: 'request', rawId, method: message.method, params: message.params }
  if ('result' in message || 'error' in message)
    return { kind: 'response', rawId, id, acknowledged: 'result' in message }
  return invalid(rawId, RPC_INVALID_REQUEST, 'Invalid request: method is missing')
}

function invalid(rawId: string | null, code: number, message: string): IncomingFrame {
  return { kind: 'invalid', answer: errorFrame(rawId, code, message) }
}
