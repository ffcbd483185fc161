import type { ApprovalRequest, ApproveFunction } from './approval-request.js'
import { describeApprovalRequest } from './describe-approval-request.js'
import { TEST_WALLET_ICON } from './wallet-icon.js'
import { TEST_WALLET_INFO } from './wallet-info.js'

export const PROMPT_HOST_ID = 'portico-test-wallet-prompt'
export const PROMPT_LABEL = 'Portico Test Wallet request'

// Shown as a card in the top-right corner, like an extension popup, and never as a full-page backdrop: the page
// must stay clickable while a request waits (a dApp's own "cancel" is a real scenario to test).
const styles = `
:host { all: initial; position: fixed; top: 16px; right: 16px; z-index: 2147483647; }
.dialog {
  box-sizing: border-box; width: 360px; max-width: calc(100vw - 32px); max-height: calc(100vh - 32px);
  overflow: auto; padding: 16px; border-radius: 14px; background: #ffffff; color: #0f172a;
  border: 1px solid #cbd5e1; box-shadow: 0 12px 40px rgba(15, 23, 42, 0.28);
  font: 14px/1.45 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
}
header { display: flex; align-items: center; gap: 8px; font-weight: 600; }
header img { width: 24px; height: 24px; border-radius: 6px; }
.queue { margin-left: auto; font-weight: 400; font-size: 12px; color: #475569; }
.origin { margin: 10px 0 0; font-size: 12px; color: #475569; word-break: break-all; }
h2 { margin: 8px 0 10px; font-size: 16px; line-height: 1.3; word-break: break-word; }
dl { margin: 0 0 14px; display: grid; grid-template-columns: max-content 1fr; gap: 4px 10px; }
dt { color: #475569; font-size: 12px; padding-top: 1px; }
dd { margin: 0; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px;
  white-space: pre-wrap; word-break: break-all; max-height: 160px; overflow: auto; }
.actions { display: flex; gap: 8px; justify-content: flex-end; }
button { font: inherit; font-weight: 600; padding: 8px 16px; border-radius: 8px; cursor: pointer;
  border: 1px solid #94a3b8; background: #f8fafc; color: #0f172a; }
button.approve { background: #0f766e; border-color: #0f766e; color: #ffffff; }
button:focus-visible { outline: 3px solid #38bdf8; outline-offset: 2px; }
`

interface PendingApproval {
  readonly request: ApprovalRequest
  readonly resolve: (approved: boolean) => void
}

export interface ApprovalPrompt {
  /** Shows the request (after any earlier ones) and resolves with the user's choice. */
  readonly approve: ApproveFunction
  /** Requests waiting, including the one on screen. */
  readonly pendingCount: number
  /** Rejects everything pending and removes the overlay. */
  destroy(): void
}

function element<K extends keyof HTMLElementTagNameMap>(
  document: Document,
  tag: K,
  properties: Partial<Pick<HTMLElement, 'className' | 'textContent'>> = {},
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  if (properties.className) node.className = properties.className
  if (properties.textContent !== undefined) node.textContent = properties.textContent
  return node
}

/**
 * The wallet's visible prompt: a dialog in its own shadow root (open, so tests can reach the buttons; its
 * styles stay inside). One request is shown at a time; the rest queue behind it.
 */
export function createApprovalPrompt(document: Document = globalThis.document): ApprovalPrompt {
  const queue: PendingApproval[] = []
  let host: HTMLElement | undefined
  /** What had the keyboard focus before the prompt took it: it gets it back once no request waits. */
  let returnFocus: HTMLElement | undefined

  /** The focused element, looking into shadow roots (a modal's fields live in one). */
  function deepActiveElement(): Element | null {
    let active = document.activeElement
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
    return active
  }

  function ensureHost(): ShadowRoot {
    if (!host) {
      host = document.createElement('div')
      host.id = PROMPT_HOST_ID
      host.attachShadow({ mode: 'open' })
    }
    // Pages may rebuild their DOM; put the prompt back if it was removed.
    if (!host.isConnected) (document.body ?? document.documentElement).append(host)
    return host.shadowRoot as ShadowRoot
  }

  function decide(approved: boolean): void {
    const current = queue.shift()
    render()
    current?.resolve(approved)
  }

  function render(): void {
    const current = queue[0]
    if (!current) {
      const hadFocus = host?.shadowRoot?.activeElement != null
      host?.remove()
      // As an extension popup closes: the keyboard is back where it was, unless the page moved it meanwhile.
      if (hadFocus && returnFocus?.isConnected) returnFocus.focus()
      returnFocus = undefined
      return
    }
    const root = ensureHost()
    const focusedButton = root.activeElement?.className
    const description = describeApprovalRequest(current.request)

    const dialog = element(document, 'div', { className: 'dialog' })
    dialog.setAttribute('role', 'dialog')
    dialog.setAttribute('aria-label', PROMPT_LABEL)
    dialog.dataset.kind = current.request.kind

    const header = element(document, 'header')
    // The prompt's top line, not the page's banner landmark (the dApp has its own).
    header.setAttribute('role', 'none')
    const icon = element(document, 'img')
    icon.src = TEST_WALLET_ICON
    icon.alt = ''
    header.append(icon, element(document, 'span', { textContent: TEST_WALLET_INFO.name }))
    if (queue.length > 1) {
      header.append(
        element(document, 'span', { className: 'queue', textContent: `1 of ${queue.length} requests` }),
      )
    }

    const origin = element(document, 'p', {
      className: 'origin',
      textContent: `Request from ${current.request.origin}`,
    })
    const title = element(document, 'h2', { textContent: description.title })
    const details = element(document, 'dl')
    for (const { label, value } of description.details) {
      details.append(
        element(document, 'dt', { textContent: label }),
        element(document, 'dd', { textContent: value }),
      )
    }

    // A status to read has one way out, Close; it answers as a rejection would, since nothing was asked.
    const reject = element(document, 'button', {
      className: 'reject',
      textContent: description.informational ? 'Close' : 'Reject',
    })
    reject.type = 'button'
    reject.addEventListener('click', () => decide(false))
    const approve = element(document, 'button', { className: 'approve', textContent: 'Approve' })
    approve.type = 'button'
    approve.addEventListener('click', () => decide(true))
    const actions = element(document, 'div', { className: 'actions' })
    if (description.informational) actions.append(reject)
    else actions.append(reject, approve)

    dialog.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.stopPropagation()
        decide(false)
      }
      // Tab cycles between Reject and Approve while the prompt has the focus, as in a wallet's own window.
      if (event.key === 'Tab') {
        event.preventDefault()
        event.stopPropagation()
        const next = root.activeElement === reject && approve.isConnected ? approve : reject
        next.focus()
      }
    })
    dialog.append(header, origin, title, details, actions)

    const style = element(document, 'style', { textContent: styles })
    root.replaceChildren(style, dialog)
    // A wallet's popup takes the keyboard focus, as an extension's window does, so a keyboard-only visitor
    // reaches Approve: the dialog itself first (read out by its label, nothing approved by a stray Enter),
    // the same button again when only the queue counter changed.
    if (!returnFocus) {
      const active = deepActiveElement()
      if (active instanceof HTMLElement && !host?.contains(active)) returnFocus = active
    }
    dialog.tabIndex = -1
    const again = focusedButton === 'approve' ? approve : focusedButton === 'reject' ? reject : undefined
    ;(again ?? dialog).focus()
  }

  return {
    approve(request) {
      return new Promise<boolean>((resolve) => {
        queue.push({ request, resolve })
        // Only the head is on screen; a new request behind it just updates the "1 of N" counter.
        render()
      })
    },
    get pendingCount() {
      return queue.length
    },
    destroy() {
      for (const pending of queue.splice(0)) pending.resolve(false)
      host?.remove()
    },
  }
}
