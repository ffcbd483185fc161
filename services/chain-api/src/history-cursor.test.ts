import { describe, expect, it } from 'vitest'
import { InvalidParameterError } from './chain-api-errors.js'
import { decodeHistoryCursor, encodeHistoryCursor } from './history-cursor.js'

describe('history cursor', () => {
  it('round-trips a position as an opaque URL-safe token', () => {
    const cursor = encodeHistoryCursor({ blockNumber: 123_456_789, txIndex: 42 })
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeHistoryCursor(cursor)).toEqual({ blockNumber: 123_456_789, txIndex: 42 })
  })

  it.each([
    '',
    'abc',
    'x'.repeat(65),
    'a+b/',
    Buffer.from('h2.1.1').toString('base64url'),
    Buffer.from('h1.-1.0').toString('base64url'),
  ])('rejects %j naming the cursor parameter', (cursor) => {
    expect(() => decodeHistoryCursor(cursor)).toThrow(InvalidParameterError)
    expect(() => decodeHistoryCursor(cursor)).toThrow(/Invalid cursor/)
  })
})
