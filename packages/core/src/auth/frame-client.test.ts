import { FrameError } from '@portico/wire'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFrameClient, type FrameElement, type FrameHostMessageEvent } from './frame-client.js'

const FRAME_URL = 'http://localhost:5174/frame/'
const FRAME_ORIGIN = 'http://localhost:5174'

function createFakeWindow() {
  const listeners = new Set<(event: FrameHostMessageEvent) => void>()
  const sent: { message: { type: string; id: string; payload?: unknown }; targetOrigin: string }[] = []
  const contentWindow = {
    postMessage: (message: unknown, targetOrigin: string) =>
      sent.push({ message: message as never, targetOrigin }),
  }
  let mounted: (FrameElement & { attributes: Record<string, string> }) | undefined
  const win = {
    document: {
      createElement: () => {
        const attributes: Record<string, string> = {}
        const element = {
          src: '',
          name: '',
          tabIndex: 0,
          style: { cssText: '' },
          attributes,
          setAttribute: (name: string, value: string) => {
            attributes[name] = value
          },
          removeAttribute: (name: string) => {
            delete attributes[name]
          },
          focus: vi.fn(),
          contentWindow,
          remove: vi.fn(),
        }
        return element
      },
      body: { appendChild: (node: FrameElement) => (mounted = node as never) },
    },
    addEventListener: (_type: 'message', listener: (event: FrameHostMessageEvent) => void) =>
      listeners.add(listener),
    removeEventListener: (_type: 'message', listener: (event: FrameHostMessageEvent) => void) =>
      listeners.delete(listener),
  }
  const dispatch = (data: unknown, origin = FRAME_ORIGIN, source: unknown = contentWindow) => {
    for (const listener of [...listeners]) listener({ data, origin, source })
  }
  return { win, sent, dispatch, contentWindow, listeners, iframe: () => mounted }
}

async function flush() {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

afterEach(() => {
  vi.useRealTimers()
})

describe('createFrameClient', () => {
  it('mounts a hidden named iframe with projectId and chainId', () => {
    const fake = createFakeWindow()
    const client = createFrameClient({ frameUrl: FRAME_URL, projectId: 'p1', window: fake.win })
    const iframe = fake.iframe()
    expect(iframe?.name).toBe('portico-auth')
    expect(iframe?.src).toBe(`${FRAME_URL}?projectId=p1&chainId=eip155%3A1`)
    expect(iframe?.tabIndex).toBe(-1)
    expect(iframe?.attributes['aria-hidden']).toBe('true')
    expect(iframe?.style.cssText).toContain('pointer-events:none')
    expect(iframe?.style.cssText).toContain('position:fixed')
    expect(client.frameOrigin).toBe(FRAME_ORIGIN)
  })

  it('waits for READY, posts to the exact origin and matches answers by id', async () => {
    const fake = createFakeWindow()
    const client = createFrameClient({ frameUrl: FRAME_URL, projectId: 'p1', window: fake.win })
    const first = client.request('CONNECT_EMAIL', { email: 'a@example.test' })
    const second = client.request('GET_CHAIN_ID')
    await flush()
    expect(fake.sent).toHaveLength(0)
    fake.dispatch({ type: '@portico-frame/READY' })
    await flush()
    expect(fake.sent.map((entry) => entry.targetOrigin)).toEqual([FRAME_ORIGIN, FRAME_ORIGIN])
    const [a, b] = fake.sent.map((entry) => entry.message)
    expect(a).toMatchObject({ type: '@portico-app/CONNECT_EMAIL', payload: { email: 'a@example.test' } })
    expect(b).toEqual({ type: '@portico-app/GET_CHAIN_ID', id: b?.id })
    fake.dispatch({ type: '@portico-frame/GET_CHAIN_ID_SUCCESS', id: b?.id, payload: { chainId: 10 } })
    fake.dispatch({
      type: '@portico-frame/CONNECT_EMAIL_SUCCESS',
      id: a?.id,
      payload: { action: 'VERIFY_OTP' },
    })
    await expect(second).resolves.toEqual({ chainId: 10 })
    await expect(first).resolves.toEqual({ action: 'VERIFY_OTP' })
  })

  it('ignores messages from another origin, another source or of another shape', async () => {
    const fake = createFakeWindow()
    const client = createFrameClient({
      frameUrl: FRAME_URL,
      projectId: 'p1',
      window: fake.win,
      timeoutMs: 200,
    })
    fake.dispatch({ type: '@portico-frame/READY' }, 'http://evil.test')
    fake.dispatch({ type: '@portico-frame/READY' }, FRAME_ORIGIN, {})
    const events: unknown[] = []
    client.onEvent((event) => events.push(event))
    const pending = client.request('GET_CHAIN_ID')
    await flush()
    expect(fake.sent).toHaveLength(0)
    fake.dispatch({ type: '@portico-frame/READY' })
    await flush()
    const id = fake.sent[0]?.message.id
    fake.dispatch(
      { type: '@portico-frame/GET_CHAIN_ID_SUCCESS', id, payload: { chainId: 666 } },
      'http://evil.test',
    )
    fake.dispatch(
      { type: '@portico-frame/GET_CHAIN_ID_SUCCESS', id, payload: { chainId: 666 } },
      FRAME_ORIGIN,
      {},
    )
    fake.dispatch({ type: 'something-else', id, payload: { chainId: 666 } })
    fake.dispatch({ type: '@portico-frame/GET_CHAIN_ID_SUCCESS', id, payload: { chainId: 5 } })
    await expect(pending).resolves.toEqual({ chainId: 5 })
    fake.dispatch({ type: '@portico-frame/SESSION_UPDATE', payload: { token: null } })
    expect(events).toEqual([
      { type: '@portico-frame/READY' },
      { type: '@portico-frame/SESSION_UPDATE', payload: { token: null } },
    ])
  })

  it('maps error events, invalid answers, timeouts and aborts to FrameError', async () => {
    vi.useFakeTimers()
    const fake = createFakeWindow()
    const client = createFrameClient({
      frameUrl: FRAME_URL,
      projectId: 'p1',
      window: fake.win,
      timeoutMs: 1000,
    })
    fake.dispatch({ type: '@portico-frame/READY' })
    const withMessage = client.request('CONNECT_OTP', { otp: '123456' })
    const withoutMessage = client.request('SIGN_OUT')
    const invalid = client.request('GET_CHAIN_ID')
    const slow = client.request('GET_USER')
    const longPoll = client.request('CONNECT_DEVICE')
    const controller = new AbortController()
    const aborted = client.request('RPC_REQUEST', { method: 'eth_chainId' }, { signal: controller.signal })
    await flush()
    const ids = fake.sent.map((entry) => entry.message.id)
    fake.dispatch({
      type: '@portico-frame/CONNECT_OTP_ERROR',
      id: ids[0],
      payload: { message: 'Invalid code', reason: 'INVALID_OTP', attemptsLeft: 3 },
    })
    fake.dispatch({ type: '@portico-frame/SIGN_OUT_ERROR', id: ids[1] })
    fake.dispatch({ type: '@portico-frame/GET_CHAIN_ID_SUCCESS', id: ids[2], payload: { chainId: 'one' } })
    controller.abort()
    // The reason (the auth service's code) and its count come through for the modal's text.
    await expect(withMessage).rejects.toEqual(
      new FrameError('Invalid code', 'FRAME_ERROR', { reason: 'INVALID_OTP', attemptsLeft: 3 }),
    )
    await expect(withMessage).rejects.toMatchObject({ reason: 'INVALID_OTP', attemptsLeft: 3 })
    await expect(withoutMessage).rejects.toThrow('An error occurred')
    await expect(invalid).rejects.toMatchObject({ code: 'FRAME_INVALID_RESPONSE' })
    await expect(aborted).rejects.toMatchObject({ code: 'FRAME_ABORTED', message: 'Request was aborted' })
    vi.advanceTimersByTime(1001)
    await expect(slow).rejects.toMatchObject({ code: 'FRAME_TIMEOUT' })
    let settled = false
    longPoll.catch(() => {
      settled = true
    })
    await flush()
    expect(settled).toBe(false)
    vi.advanceTimersByTime(5 * 60_000)
    await expect(longPoll).rejects.toMatchObject({ code: 'FRAME_TIMEOUT' })
  })

  it('shows the frame only for its own pending request, and hides it on the answer', async () => {
    const fake = createFakeWindow()
    const client = createFrameClient({ frameUrl: FRAME_URL, projectId: 'p1', window: fake.win })
    fake.dispatch({ type: '@portico-frame/READY' })
    const signing = client.request('RPC_REQUEST', { method: 'personal_sign', params: ['0x68', '0x1'] })
    await flush()
    const id = fake.sent[0]?.message.id
    const iframe = fake.iframe()
    // A show for an id nobody asked for, or from another origin, changes nothing.
    fake.dispatch({ type: '@portico-frame/APPROVAL_SHOW', id: 'unknown-1' })
    fake.dispatch({ type: '@portico-frame/APPROVAL_SHOW', id }, 'http://evil.test')
    expect(iframe?.style.cssText).toContain('pointer-events:none')
    fake.dispatch({ type: '@portico-frame/APPROVAL_SHOW', id })
    expect(iframe?.style.cssText).toContain('pointer-events:auto')
    expect(iframe?.style.cssText).toContain('opacity:1')
    expect(iframe?.attributes['aria-hidden']).toBeUndefined()
    expect(iframe?.focus).toHaveBeenCalled()
    fake.dispatch({
      type: '@portico-frame/RPC_REQUEST_ERROR',
      id,
      payload: { message: 'User rejected the request.', code: 4001 },
    })
    await expect(signing).rejects.toMatchObject({ message: 'User rejected the request.', rpcCode: 4001 })
    expect(iframe?.style.cssText).toContain('pointer-events:none')
    expect(iframe?.attributes['aria-hidden']).toBe('true')
    expect(iframe?.tabIndex).toBe(-1)
  })

  it('rejects with "iframe is not set" after destroy', async () => {
    const fake = createFakeWindow()
    const client = createFrameClient({ frameUrl: FRAME_URL, projectId: 'p1', window: fake.win })
    const pending = client.request('GET_CHAIN_ID')
    client.destroy()
    await expect(pending).rejects.toThrow('Portico frame: iframe is not set')
    await expect(client.request('GET_CHAIN_ID')).rejects.toThrow('Portico frame: iframe is not set')
    expect(fake.listeners.size).toBe(0)
    expect(fake.iframe()?.remove).toHaveBeenCalled()
  })
})
