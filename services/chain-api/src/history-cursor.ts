import { InvalidParameterError } from './chain-api-errors.js'

/** Where a history page ends: the last transaction's position, newest-first order. */
export interface HistoryPosition {
  blockNumber: number
  txIndex: number
}

// Versioned so the format can change without old cursors being misread.
const PREFIX = 'h1.'

/** Opaque to clients: base64url of `h1.<block>.<txIndex>`. */
export function encodeHistoryCursor(position: HistoryPosition): string {
  return Buffer.from(`${PREFIX}${position.blockNumber}.${position.txIndex}`).toString('base64url')
}

export function decodeHistoryCursor(cursor: string): HistoryPosition {
  const invalid = () => new InvalidParameterError('cursor', 'not a cursor returned by this service')
  if (cursor.length > 64 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid()
  const text = Buffer.from(cursor, 'base64url').toString('utf8')
  const match = /^h1\.(\d{1,15})\.(\d{1,9})$/.exec(text)
  if (!match) throw invalid()
  return { blockNumber: Number(match[1]), txIndex: Number(match[2]) }
}
