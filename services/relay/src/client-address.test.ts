import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { clientAddress } from './client-address.js'

const request = (forwarded?: string) =>
  ({
    socket: { remoteAddress: '127.0.0.1' },
    headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
  }) as unknown as IncomingMessage

describe('clientAddress', () => {
  it('counts the peer, ignoring X-Forwarded-For, unless the proxy is trusted', () => {
    expect(clientAddress(request('203.0.113.7'), false)).toBe('127.0.0.1')
  })

  it('behind a trusted proxy takes the address the proxy added last, not one the client wrote', () => {
    expect(clientAddress(request('10.9.9.9, 203.0.113.7'), true)).toBe('203.0.113.7')
    expect(clientAddress(request(), true)).toBe('127.0.0.1')
  })
})
