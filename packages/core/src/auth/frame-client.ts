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

/** The parts of `window` the client touches, so tests can hand in a fake. */
export interface FrameHostWindow {
  document: {
    createElement(tag: 'iframe'): FrameElement
    body: { appendChild(node: FrameElement): unknown }
    readonly activeElement?: unknown
  }
  addEventListener(type: 'message', listener: (event: FrameHostMessageEvent) => void): void
  removeEventListener(type: 'message', listener: (event: FrameHostMessageEvent) => void): void
}
export interface FrameHostMessageEvent {
  data: unknown
  origin: string
  source: unknown
}
export interface FrameElement {
  src: string
  name: string
  tabIndex: number
  style: { cssText: string }
  setAttribute(name: string, value: string): void
  removeAttribute(name: string): void
  focus(): void
  readonly contentWindow: { postMessage(message: unknown, targetOrigin: string): void } | null
  remove(): void
}

export const FRAME_NAME = 'portico-auth'
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

// Hidden but laid out: some browsers throttle or skip display:none frames.
const HIDDEN_STYLE =
  'position:fixed;top:0;left:0;width:100%;height:100%;border:0;opacity:0;pointer-events:none;z-index:-1;'
// Over everything, the modal included, while the frame shows its launcher for a signing request (it
// opens the wallet's own approval window). The frame's page is transparent around the launcher. Chromium paints a frame opaque when its color-scheme differs from the
// iframe element's, so both say `light` whatever the host page says (the sheet sets its own colours).
const APPROVAL_STYLE =
  'position:fixed;top:0;left:0;width:100%;height:100%;border:0;opacity:1;pointer-events:auto;z-index:2147483647;background:transparent;color-scheme:light;'

/** The focused element, inside open shadow roots too (the modal lives in one). */
function deepActiveElement(active: unknown): unknown {
  let element = active as { shadowRoot?: { activeElement?: unknown } | null } | null | undefined
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement as typeof element
  return element
}

/** Mounts the hidden wallet frame and speaks to it. Posts only to the frame's exact origin. */
export function createFrameClient(options: FrameClientOptions): FrameClient {
  const win = options.window ?? (globalThis as unknown as { window?: FrameHostWindow }).window
  if (!win) throw new FrameError(IFRAME_NOT_SET, 'FRAME_NOT_SET')
  const url = new URL(options.frameUrl)
  url.searchParams.set('projectId', options.projectId)
  url.searchParams.set('chainId', options.chainId ?? 'eip155:1')
  const frameOrigin = url.origin
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const longPollTimeoutMs = options.longPollTimeoutMs ?? LONG_POLL_TIMEOUT_MS

  let iframe: FrameElement | undefined = win.document.createElement('iframe')
  iframe.name = FRAME_NAME
  iframe.tabIndex = -1
  iframe.setAttribute('aria-hidden', 'true')
  iframe.setAttribute('title', 'Portico wallet')
  // The recovery passkey is the frame's own (its host is the relying party): WebAuthn in the iframe.
  iframe.setAttribute('allow', 'publickey-credentials-get; publickey-credentials-create')
  iframe.style.cssText = HIDDEN_STYLE
  iframe.src = url.toString()

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
  let counter = 0
  /** The request whose approval sheet is showing, and where focus was before it. */
  let showing: { id: string; focus: unknown } | undefined
  const idPrefix = Math.random().toString(36).slice(2, 10)

  const onMessage = (event: FrameHostMessageEvent) => {
    if (!iframe || event.origin !== frameOrigin || event.source !== iframe.contentWindow) return
    const envelope = parseFrameEnvelope(event.data)
    if (!envelope) return
    if (envelope.type === FRAME_READY) markReady()
    if (envelope.type === FRAME_APPROVAL_SHOW && envelope.id !== undefined) return showFrame(envelope.id)
    if (envelope.type === FRAME_APPROVAL_HIDE && envelope.id !== undefined) return hideFrame(envelope.id)
    const entry = envelope.id === undefined ? undefined : pending.get(envelope.id)
    if (!entry || envelope.id === undefined) {
      for (const listener of listeners) listener(envelope)
      return
    }
    // Answered: settling the request hides the frame (cleanup).
    if (envelope.type === `@portico-frame/${entry.name}_SUCCESS`) {
      pending.delete(envelope.id)
      const parsed = appEventSchemas[entry.name].success.safeParse(envelope.payload)
      if (parsed.success) entry.resolve(parsed.data)
      else entry.reject(new FrameError('Invalid response from the wallet frame', 'FRAME_INVALID_RESPONSE'))
    } else if (envelope.type.endsWith('_ERROR')) {
      pending.delete(envelope.id)
      const parsed = frameErrorPayloadSchema.safeParse(envelope.payload)
      entry.reject(parsed.success ? frameErrorFromPayload(parsed.data) : new FrameError('An error occurred'))
    }
  }

  /** Only a request this client sent can bring the frame into view. */
  function showFrame(id: string) {
    if (!iframe || !pending.has(id) || showing) return
    showing = { id, focus: deepActiveElement(win?.document.activeElement) }
    iframe.style.cssText = APPROVAL_STYLE
    iframe.removeAttribute('aria-hidden')
    iframe.tabIndex = 0
    iframe.focus()
  }

  function hideFrame(id: string) {
    if (!iframe || showing?.id !== id) return
    const { focus } = showing
    showing = undefined
    iframe.style.cssText = HIDDEN_STYLE
    iframe.setAttribute('aria-hidden', 'true')
    iframe.tabIndex = -1
    if (focus && typeof (focus as { focus?: unknown }).focus === 'function') (focus as HTMLElement).focus()
  }
  win.addEventListener('message', onMessage)
  win.document.body.appendChild(iframe)

  const request = (name: AppEventName, payload?: unknown, requestOptions: FrameRequestOptions = {}) =>
    new Promise<unknown>((resolve, reject) => {
      if (!iframe) return reject(new FrameError(IFRAME_NOT_SET, 'FRAME_NOT_SET'))
      const { signal } = requestOptions
      if (signal?.aborted) return reject(new FrameError(REQUEST_ABORTED, 'FRAME_ABORTED'))
      counter += 1
      const id = `${idPrefix}-${counter}`
      const limit =
        requestOptions.timeoutMs ?? (LONG_POLL_EVENTS.includes(name) ? longPollTimeoutMs : timeoutMs)
      const cleanup = () => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', onAbort)
        pending.delete(id)
        hideFrame(id)
      }
      const timer = setTimeout(() => {
        cleanup()
        reject(new FrameError(`Portico frame: ${name} timed out after ${limit} ms`, 'FRAME_TIMEOUT'))
      }, limit)
      const onAbort = () => {
        cleanup()
        reject(new FrameError(REQUEST_ABORTED, 'FRAME_ABORTED'))
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      pending.set(id, {
        name,
        resolve: (value) => {
          cleanup()
          resolve(value)
        },
        reject: (error) => {
          cleanup()
          reject(error)
        },
      })
      const message =
        payload === undefined ? { type: appEventType(name), id } : { type: appEventType(name), id, payload }
      const post = () => {
        if (!pending.has(id)) return
        const target = iframe?.contentWindow
        if (!target) {
          cleanup()
          return reject(new FrameError(IFRAME_NOT_SET, 'FRAME_NOT_SET'))
        }
        target.postMessage(message, frameOrigin)
      }
      if (ready) post()
      else void readyPromise.then(post)
    })

  return {
    frameOrigin,
    whenReady: () => readyPromise,
    request: request as FrameClient['request'],
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
