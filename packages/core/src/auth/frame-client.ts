import {
  type AppEventName,
  type AppEventPayload,
  appEventSchemas,
  appEventType,
  FRAME_APPROVAL_HIDE,
  FRAME_APPROVAL_SHOW,
  FRAME_READY,
  type FrameEnvelope,
  FrameError,
  type FrameSuccessPayload,
  frameErrorFromPayload,
  frameErrorPayloadSchema,
  IFRAME_NOT_SET,
  parseFrameEnvelope,
  REQUEST_ABORTED,
} from '@portico/wire'
import {
  createFrameElement,
  createFrameVisibility,
  type FrameElement,
  type FrameHostMessageEvent,
  type FrameHostWindow,
} from './frame-element.js'

export type { FrameElement, FrameHostMessageEvent, FrameHostWindow } from './frame-element.js'
export { FRAME_NAME } from './frame-element.js'

export const DEFAULT_TIMEOUT_MS = 30_000
/**
 * Calls that wait on the visitor: the mail link, popup or Farcaster app (long polls inside the frame),
 * and the frame's own recovery sheet at a sign-in (saving a recovery code, or entering it).
 */
export const LONG_POLL_TIMEOUT_MS = 5 * 60_000
export const LONG_POLL_EVENTS: readonly AppEventName[] = [
  'CONNECT_DEVICE',
  'CONNECT_SOCIAL',
  'CONNECT_FARCASTER',
  'CONNECT_OTP',
  'CONNECT_STEP_UP_OTP',
]

export interface FrameClientOptions {
  /** Address of the frame page, e.g. `https://auth.example.com/frame/`. */
  frameUrl: string
  projectId: string
  /** CAIP-2 chain the frame starts on. */
  chainId?: string
  /** Default per-request timeout; long-poll calls use `longPollTimeoutMs`. */
  timeoutMs?: number
  longPollTimeoutMs?: number
  window?: FrameHostWindow
}

export interface FrameRequestOptions {
  signal?: AbortSignal
  timeoutMs?: number
}

export interface FrameClient {
  readonly frameOrigin: string
  /** Resolves once the frame said READY. */
  whenReady(): Promise<void>
  request<T extends AppEventName>(
    name: T,
    ...args: undefined extends AppEventPayload<T>
      ? [payload?: AppEventPayload<T>, options?: FrameRequestOptions]
      : [payload: AppEventPayload<T>, options?: FrameRequestOptions]
  ): Promise<FrameSuccessPayload<T>>
  /** Frame events that answer no request (SESSION_UPDATE, READY). Returns an unsubscribe function. */
  onEvent(listener: (event: FrameEnvelope) => void): () => void
  destroy(): void
}

interface Pending {
  name: AppEventName
  resolve(value: unknown): void
  reject(error: FrameError): void
}

/** Settles a request with the frame's answer, checked against the event's schema; false when it is none. */
function settle(entry: Pending, envelope: FrameEnvelope): boolean {
  if (envelope.type === `@portico-frame/${entry.name}_SUCCESS`) {
    const parsed = appEventSchemas[entry.name].success.safeParse(envelope.payload)
    if (parsed.success) entry.resolve(parsed.data)
    else entry.reject(new FrameError('Invalid response from the wallet frame', 'FRAME_INVALID_RESPONSE'))
    return true
  }
  if (!envelope.type.endsWith('_ERROR')) return false
  const parsed = frameErrorPayloadSchema.safeParse(envelope.payload)
  entry.reject(parsed.success ? frameErrorFromPayload(parsed.data) : new FrameError('An error occurred'))
  return true
}

/** Mounts the hidden wallet frame and speaks to it. Posts only to the frame's exact origin. */
export function createFrameClient(options: FrameClientOptions): FrameClient {
  const win = options.window ?? (globalThis as unknown as { window?: FrameHostWindow }).window
  if (!win) throw new FrameError(IFRAME_NOT_SET, 'FRAME_NOT_SET')
  const url = new URL(options.frameUrl)
  url.searchParams.set('projectId', options.projectId)
  url.searchParams.set('chainId', options.chainId ?? 'eip155:1')
  const frameOrigin = url.origin
  let iframe: FrameElement | undefined = createFrameElement(win, url.toString())
  const visibility = createFrameVisibility(win, iframe)
  const pending = new Map<string, Pending>()
  const listeners = new Set<(event: FrameEnvelope) => void>()
  let markReady: () => void = () => {}
  let ready = false
  const readyPromise = new Promise<void>((resolve) => {
    markReady = () => {
      ready = true
      resolve()
    }
  })

  const onMessage = (event: FrameHostMessageEvent) => {
    if (!iframe || event.origin !== frameOrigin || event.source !== iframe.contentWindow) return
    const envelope = parseFrameEnvelope(event.data)
    if (!envelope) return
    if (envelope.type === FRAME_READY) markReady()
    const { id } = envelope
    // Only a request this client sent can bring the frame into view.
    if (envelope.type === FRAME_APPROVAL_SHOW && id !== undefined) {
      if (pending.has(id)) visibility.show(id)
      return
    }
    if (envelope.type === FRAME_APPROVAL_HIDE && id !== undefined) return visibility.hide(id)
    const entry = id === undefined ? undefined : pending.get(id)
    // Answered: settling the request hides the frame (its cleanup).
    if (entry && id !== undefined) {
      if (settle(entry, envelope)) pending.delete(id)
      return
    }
    for (const listener of listeners) listener(envelope)
  }
  win.addEventListener('message', onMessage)
  win.document.body.appendChild(iframe)

  const channel: FrameChannel = {
    pending,
    frameOrigin,
    target: () => iframe?.contentWindow ?? undefined,
    whenReady: (post) => (ready ? post() : void readyPromise.then(post)),
    hide: (id) => iframe && visibility.hide(id),
    timeoutFor: (name) =>
      LONG_POLL_EVENTS.includes(name)
        ? (options.longPollTimeoutMs ?? LONG_POLL_TIMEOUT_MS)
        : (options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    nextId: idSequence(),
  }

  return {
    frameOrigin,
    whenReady: () => readyPromise,
    request: ((name: AppEventName, payload?: unknown, requestOptions: FrameRequestOptions = {}) =>
      iframe
        ? sendRequest(channel, name, payload, requestOptions)
        : Promise.reject(new FrameError(IFRAME_NOT_SET, 'FRAME_NOT_SET'))) as FrameClient['request'],
    onEvent(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    destroy() {
      win.removeEventListener('message', onMessage)
      iframe?.remove()
      iframe = undefined
      for (const entry of [...pending.values()]) entry.reject(new FrameError(IFRAME_NOT_SET, 'FRAME_NOT_SET'))
      pending.clear()
      listeners.clear()
    },
  }
}

/** What a request needs of the client: where to post, what waits for an answer, when the frame is ready. */
interface FrameChannel {
  pending: Map<string, Pending>
  frameOrigin: string
  /** The frame's window; undefined once the frame is gone. */
  target(): { postMessage(message: unknown, targetOrigin: string): void } | undefined
  whenReady(post: () => void): void
  hide(id: string): void
  timeoutFor(name: AppEventName): number
  nextId(): string
}

/** Request ids unguessable across clients on one page and unique within this one. */
function idSequence() {
  const prefix = Math.random().toString(36).slice(2, 10)
  let counter = 0
  return () => `${prefix}-${++counter}`
}

/** Posts one request once the frame is ready and waits for its answer, a time-out or an abort. */
function sendRequest(
  channel: FrameChannel,
  name: AppEventName,
  payload: unknown,
  { signal, timeoutMs }: FrameRequestOptions,
) {
  return new Promise<unknown>((resolve, reject) => {
    if (signal?.aborted) return reject(new FrameError(REQUEST_ABORTED, 'FRAME_ABORTED'))
    const id = channel.nextId()
    const limit = timeoutMs ?? channel.timeoutFor(name)
    const cleanup = () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
      channel.pending.delete(id)
      channel.hide(id)
    }
    const fail = (error: FrameError) => {
      cleanup()
      reject(error)
    }
    const timer = setTimeout(
      () => fail(new FrameError(`Portico frame: ${name} timed out after ${limit} ms`, 'FRAME_TIMEOUT')),
      limit,
    )
    const onAbort = () => fail(new FrameError(REQUEST_ABORTED, 'FRAME_ABORTED'))
    signal?.addEventListener('abort', onAbort, { once: true })
    channel.pending.set(id, {
      name,
      resolve: (value) => {
        cleanup()
        resolve(value)
      },
      reject: fail,
    })
    const message =
      payload === undefined ? { type: appEventType(name), id } : { type: appEventType(name), id, payload }
    channel.whenReady(() => {
      if (!channel.pending.has(id)) return
      const target = channel.target()
      if (!target) return fail(new FrameError(IFRAME_NOT_SET, 'FRAME_NOT_SET'))
      target.postMessage(message, channel.frameOrigin)
    })
  })
}
