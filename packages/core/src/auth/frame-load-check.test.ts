import { describe, expect, it } from 'vitest'
import { PorticoError } from '../errors/errors.js'
import { whenFrameReady } from './frame-load-check.js'

const never = { whenReady: () => new Promise<void>(() => {}) }
const answers = (body: unknown) => async () => new Response(JSON.stringify(body))
const base = {
  authUrl: 'https://auth.example',
  projectId: 'shop',
  pageOrigin: 'https://shop.example',
  checkAfterMs: 5,
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as PorticoError,
  )

describe('whenFrameReady', () => {
  it('resolves when the frame says READY, without asking the service', async () => {
    let asked = false
    await whenFrameReady(
      { whenReady: () => Promise.resolve() },
      {
        ...base,
        fetch: async () => {
          asked = true
          return new Response('{}')
        },
      },
    )
    expect(asked).toBe(false)
  })

  it('names the origin and the setting when the service does not let this page embed the frame', async () => {
    const error = await failure(
      whenFrameReady(never, {
        ...base,
        fetch: answers({
          projectId: 'shop',
          projectKnown: true,
          origin: 'https://evil.example',
          originAllowed: false,
        }),
      }),
    )
    expect(error).toBeInstanceOf(PorticoError)
    expect(error?.code).toBe('FRAME_ORIGIN_NOT_ALLOWED')
    expect(error?.params).toEqual({ origin: 'https://evil.example', projectId: 'shop' })
    expect(error?.message).toMatch(/https:\/\/evil\.example may not embed .*AUTH_ALLOWED_ORIGINS/)
  })

  it('says how to add a project the service does not know', async () => {
    const error = await failure(
      whenFrameReady(never, {
        ...base,
        fetch: answers({
          projectId: 'shop',
          projectKnown: false,
          origin: 'https://shop.example',
          originAllowed: false,
        }),
      }),
    )
    expect(error?.code).toBe('FRAME_ORIGIN_NOT_ALLOWED')
    expect(error?.message).toContain('"shop=https://shop.example"')
  })

  it('names authUrl when nothing (or not an auth service) answers there', async () => {
    const down = await failure(
      whenFrameReady(never, {
        ...base,
        fetch: async () => {
          throw new TypeError('Failed to fetch')
        },
      }),
    )
    expect(down?.code).toBe('AUTH_SERVICE_UNREACHABLE')
    expect(down?.params).toEqual({ url: 'https://auth.example' })
    const other = await failure(whenFrameReady(never, { ...base, fetch: answers({ hello: 'world' }) }))
    expect(other?.code).toBe('AUTH_SERVICE_UNREACHABLE')
  })

  it('keeps waiting for an allowed frame, then gives up with a timeout', async () => {
    let ready: () => void = () => {}
    const slow = { whenReady: () => new Promise<void>((resolve) => (ready = resolve)) }
    const allowed = answers({
      projectId: 'shop',
      projectKnown: true,
      origin: 'https://shop.example',
      originAllowed: true,
    })
    const waiting = whenFrameReady(slow, { ...base, fetch: allowed, timeoutMs: 1_000 })
    setTimeout(() => ready(), 50)
    await expect(waiting).resolves.toBeUndefined()
    const error = await failure(whenFrameReady(never, { ...base, fetch: allowed, timeoutMs: 20 }))
    expect(error?.code).toBe('FRAME_TIMEOUT')
  })
})
