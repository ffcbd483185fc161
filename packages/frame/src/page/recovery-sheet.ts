import { localeDirection } from '@portico/wire'
import type { RecoveryUi, RecoveryUnlockPrompt } from './custody-flow.js'
import { RecoveryCancelledError, type RecoverySetUpPrompt } from './custody-flow.js'
import { type FrameStringKey, frameLocale, frameText } from './frame-strings.js'

const STYLE_ID = 'portico-recovery-style'
const STYLES = `
html{color-scheme:light}
html,body{margin:0;background:transparent}
.recovery-root{position:fixed;inset:0;display:grid;place-items:center;background:rgba(8,8,12,.45);font:14px/1.4 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;--bg:#141519;--surface:#1f2027;--text:#eceef2;--muted:#9a9caa;--border:rgba(255,255,255,.09);--accent:#6a4cf5;--error:#f25a67}
.recovery{box-sizing:border-box;width:min(380px,calc(100vw - 24px));max-height:calc(100vh - 24px);display:flex;flex-direction:column;gap:12px;padding:16px;background:var(--bg);color:var(--text);border-radius:20px;box-shadow:0 0 0 1px var(--border),0 24px 64px rgba(0,0,0,.45);outline:none;overflow:auto}
.recovery h1{margin:0;font-size:16px;text-align:center}
.recovery p{margin:0}
.recovery .muted{color:var(--muted);font-size:12px}
.recovery .code{padding:12px;border-radius:12px;background:var(--surface);text-align:center;font:600 16px/1.5 ui-monospace,monospace;letter-spacing:.04em;user-select:all;word-break:break-all}
.recovery label{font-weight:600}
.recovery input{box-sizing:border-box;width:100%;min-height:40px;padding:0 12px;border-radius:12px;border:1px solid var(--border);background:var(--surface);color:var(--text);font:15px ui-monospace,monospace}
.recovery .error{min-height:1.4em;color:var(--error);font-weight:600}
.recovery .actions{display:flex;flex-direction:column;gap:8px}
.recovery button{all:unset;box-sizing:border-box;display:inline-flex;justify-content:center;align-items:center;min-height:40px;padding:0 16px;border-radius:999px;font-weight:600;cursor:pointer;background:var(--surface);color:var(--text)}
.recovery button.primary{background:var(--accent);color:#fff}
.recovery button:focus-visible,.recovery input:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.recovery button[aria-disabled=true]{opacity:.5;cursor:default}
`

type Make = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props?: Partial<HTMLElementTagNameMap[K]>,
) => HTMLElementTagNameMap[K]

/**
 * The frame's own sheets for the recovery factor: setting one up when a wallet is made (a passkey, or
 * the recovery code shown once) and asking for it on a new device. Nothing here is posted to the dApp.
 */
export function createRecoverySheet(doc: Document): RecoveryUi {
  return {
    setUp: (prompt, signal) => showSheet(doc, signal, (parts) => setUpContent(parts, prompt)),
    unlock: (prompt, signal) => showSheet(doc, signal, (parts) => unlockContent(parts, prompt)),
  }
}

export interface SheetParts {
  el: Make
  text: (key: FrameStringKey) => string
  /** The live region for errors and progress. */
  status: HTMLElement
  done: (value: never) => void
  /** Closes the sheet and rejects with `error`. */
  fail: (error: unknown) => void
  button: (key: FrameStringKey, primary: boolean, onClick: () => void | Promise<void>) => HTMLButtonElement
}

function setUpContent(parts: SheetParts, prompt: RecoverySetUpPrompt) {
  const { el, text, status, button } = parts
  const done = parts.done as (value: 'passkey' | 'code') => void
  const nodes: HTMLElement[] = [el('p', { textContent: text('protectIntro') })]
  if (prompt.createPasskey) {
    const create = prompt.createPasskey
    nodes.push(
      button('usePasskey', true, async () => {
        try {
          await create()
          done('passkey')
        } catch {
          status.textContent = text('passkeyFailed')
        }
      }),
    )
  }
  const code = el('p', { className: 'code', id: 'portico-recovery-code', textContent: prompt.code })
  // Groups of letters and digits read left to right in any language: the code is typed as it shows.
  code.dir = 'ltr'
  code.setAttribute('aria-label', text('recoveryCode'))
  nodes.push(
    el('p', { className: 'label', textContent: text('recoveryCode') }),
    code,
    el('p', { className: 'muted', textContent: text('recoveryCodeHint') }),
    button('savedCode', !prompt.createPasskey, () => done('code')),
  )
  return { title: text('protectTitle'), nodes }
}

function unlockContent(parts: SheetParts, prompt: RecoveryUnlockPrompt) {
  const { el, text, status, button } = parts
  const done = parts.done as (value: undefined) => void
  let busy = false
  const attempt = async (run: () => Promise<boolean>, failed: FrameStringKey) => {
    if (busy) return
    busy = true
    status.textContent = text('checking')
    try {
      if (await run()) return done(undefined)
      status.textContent = text(failed)
    } catch {
      status.textContent = text(failed)
    } finally {
      busy = false
    }
  }
  if (prompt.kind === 'passkey') {
    return {
      title: text('unlockTitle'),
      nodes: [
        el('p', { textContent: text('unlockPasskeyIntro') }),
        button('usePasskey', true, () => attempt(() => prompt.tryPasskey(), 'noPasskey')),
      ],
    }
  }
  const form = el('form')
  const label = el('label', { htmlFor: 'portico-recovery-input', textContent: text('recoveryCode') })
  const input = el('input', {
    id: 'portico-recovery-input',
    type: 'text',
    autocomplete: 'off',
    spellcheck: false,
  })
  input.setAttribute('autocapitalize', 'characters')
  input.setAttribute('aria-describedby', 'portico-recovery-status')
  // Typed as it was shown, left to right, in a right-to-left sheet too.
  input.dir = 'ltr'
  const submit = button('openWallet', true, () => undefined)
  submit.type = 'submit'
  form.append(label, input, submit)
  form.style.cssText = 'display:flex;flex-direction:column;gap:8px'
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    void attempt(() => prompt.tryCode(input.value), 'wrongCode')
  })
  return { title: text('unlockTitle'), nodes: [el('p', { textContent: text('unlockCodeIntro') }), form] }
}

/**
 * A modal sheet in the frame: resolves with what its content says, rejects when the visitor cancels
 * (with `cancelled()`, RecoveryCancelledError by default).
 */
export function showSheet<T>(
  doc: Document,
  signal: AbortSignal,
  content: (parts: SheetParts) => { title: string; nodes: HTMLElement[] },
  cancelled: () => Error = () => new RecoveryCancelledError(),
): Promise<T> {
  if (!doc.getElementById(STYLE_ID)) {
    const style = doc.createElement('style')
    style.id = STYLE_ID
    style.textContent = STYLES
    doc.head.append(style)
  }
  const el: Make = (tag, props = {}) => Object.assign(doc.createElement(tag), props)
  const root = el('div', { className: 'recovery-root' })
  // The dApp's language and its direction, as the approval sheet: right to left for Arabic, Hebrew, Persian.
  root.lang = frameLocale()
  root.dir = localeDirection(frameLocale())
  const sheet = el('section', { className: 'recovery', tabIndex: -1 })
  sheet.setAttribute('role', 'dialog')
  sheet.setAttribute('aria-modal', 'true')
  sheet.setAttribute('aria-labelledby', 'portico-recovery-title')
  const status = el('p', { className: 'error', id: 'portico-recovery-status' })
  status.setAttribute('role', 'status')
  status.setAttribute('aria-live', 'polite')

  return new Promise<T>((resolve, reject) => {
    const finish = (settle: () => void) => {
      signal.removeEventListener('abort', cancel)
      doc.removeEventListener('keydown', onKey, true)
      root.remove()
      settle()
    }
    const cancel = () => finish(() => reject(cancelled()))
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      event.preventDefault()
      cancel()
    }
    const parts: SheetParts = {
      el,
      text: (key) => frameText(key),
      status,
      done: ((value: T) => finish(() => resolve(value))) as (value: never) => void,
      fail: (error) => finish(() => reject(error)),
      button(key, primary, onClick) {
        const button = el('button', { type: 'button', textContent: frameText(key) })
        if (primary) button.className = 'primary'
        button.addEventListener('click', () => void onClick())
        return button
      },
    }
    const { title, nodes } = content(parts)
    const actions = el('div', { className: 'actions' })
    actions.append(parts.button('notNow', false, cancel))
    sheet.append(el('h1', { id: 'portico-recovery-title', textContent: title }), ...nodes, status, actions)
    root.append(sheet)
    doc.body.append(root)
    signal.addEventListener('abort', cancel, { once: true })
    doc.addEventListener('keydown', onKey, true)
    if (signal.aborted) return cancel()
    const first = sheet.querySelector<HTMLElement>('input, button.primary') ?? sheet
    first.focus({ preventScroll: true })
  })
}
