import { describe, expect, it } from 'vitest'
import { FrameError } from './frame-error.js'
import { PorticoError } from './portico-error.js'

describe('PorticoError', () => {
  it('takes its details from the cause: a Portico error’s details, else the cause’s message', () => {
    const socket = new Error('ECONNRESET')
    const outer = new PorticoError('HTTP_ERROR', 'The service did not answer', { cause: socket })
    expect(outer.details).toBe('ECONNRESET')
    expect(outer.cause).toBe(socket)
    const wrapped = new PorticoError('AUTH_LOAD_FAILED', 'Sign-in failed', { cause: outer })
    expect(wrapped.details).toBe('ECONNRESET')
    expect(new PorticoError('UNKNOWN', 'x', { cause: socket, details: 'own' }).details).toBe('own')
    expect(new PorticoError('UNKNOWN', 'x').details).toBeUndefined()
  })

  it('keeps the message short and points into the docs by code', () => {
    const error = new PorticoError('USER_REJECTED', 'User rejected the request.')
    expect(error.shortMessage).toBe('User rejected the request.')
    expect(error.message).toBe(error.shortMessage)
    expect(error.docsPath).toBe('/docs/errors#user_rejected')
    expect(error.name).toBe('PorticoError')
  })

  it('walks to the deepest cause, or to the first error a predicate accepts', () => {
    const root = Object.assign(new Error('wallet said no'), { code: 4001 })
    const middle = new FrameError('frame failed', 'FRAME_ERROR', {})
    Object.defineProperty(middle, 'cause', { value: root })
    const top = new PorticoError('WALLET_ERROR', 'failed', { cause: middle })
    expect(top.walk()).toBe(root)
    expect(top.walk((error) => error instanceof FrameError)).toBe(middle)
    expect(top.walk((error) => (error as { code?: unknown }).code === 4001)).toBe(root)
    expect(top.walk(() => false)).toBeNull()
    expect(new PorticoError('UNKNOWN', 'alone').walk()).toBeInstanceOf(PorticoError)
  })

  it('lets another package’s family keep its own codes', () => {
    const error = new FrameError('no frame', 'FRAME_NOT_SET')
    expect(error).toBeInstanceOf(PorticoError)
    expect(error.code).toBe('FRAME_NOT_SET')
    expect(error.docsPath).toBe('/docs/errors#frame_not_set')
    expect(error.name).toBe('FrameError')
  })
})
