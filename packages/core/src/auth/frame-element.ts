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

// Hidden but laid out: some browsers throttle or skip display:none frames.
const HIDDEN_STYLE =
  'position:fixed;top:0;left:0;width:100%;height:100%;border:0;opacity:0;pointer-events:none;z-index:-1;'
// Over everything, the modal included, while the frame shows its launcher for a signing request (it
// opens the wallet's own approval window). The frame's page is transparent around the launcher. Chromium
// paints a frame opaque when its color-scheme differs from the iframe element's, so both say `light`
// whatever the host page says (the sheet sets its own colours).
const APPROVAL_STYLE =
  'position:fixed;top:0;left:0;width:100%;height:100%;border:0;opacity:1;pointer-events:auto;z-index:2147483647;background:transparent;color-scheme:light;'

/** The focused element, inside open shadow roots too (the modal lives in one). */
function deepActiveElement(active: unknown): unknown {
  let element = active as { shadowRoot?: { activeElement?: unknown } | null } | null | undefined
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement as typeof element
  return element
}

/** Makes the hidden wallet frame for `src` (not yet in the page): out of the tab order and the a11y tree. */
export function createFrameElement(win: FrameHostWindow, src: string): FrameElement {
  const iframe = win.document.createElement('iframe')
  iframe.name = FRAME_NAME
  iframe.tabIndex = -1
  iframe.setAttribute('aria-hidden', 'true')
  iframe.setAttribute('title', 'Portico wallet')
  // The recovery passkey is the frame's own (its host is the relying party): WebAuthn in the iframe.
  iframe.setAttribute('allow', 'publickey-credentials-get; publickey-credentials-create')
  iframe.style.cssText = HIDDEN_STYLE
  iframe.src = src
  return iframe
}

/** Brings the frame into view for one request's approval, and back out, returning focus where it was. */
export interface FrameVisibility {
  show(id: string): void
  hide(id: string): void
}

export function createFrameVisibility(win: FrameHostWindow, iframe: FrameElement): FrameVisibility {
  /** The request whose approval sheet is showing, and where focus was before it. */
  let showing: { id: string; focus: unknown } | undefined
  return {
    show(id) {
      if (showing) return
      showing = { id, focus: deepActiveElement(win.document.activeElement) }
      iframe.style.cssText = APPROVAL_STYLE
      iframe.removeAttribute('aria-hidden')
      iframe.tabIndex = 0
      iframe.focus()
    },
    hide(id) {
      if (showing?.id !== id) return
      const { focus } = showing
      showing = undefined
      iframe.style.cssText = HIDDEN_STYLE
      iframe.setAttribute('aria-hidden', 'true')
      iframe.tabIndex = -1
      if (focus && typeof (focus as { focus?: unknown }).focus === 'function') (focus as HTMLElement).focus()
    },
  }
}
