import { localeDirection } from '@portico/wire'
import { formatEther, formatUnits } from 'viem'
import { type ApprovalGuard, createApprovalGuard } from './approval-guard.js'
import type { ApprovalDetails } from './approval-request.js'
import { frameLocale, frameText } from './frame-strings.js'

export interface ApprovalPrompt {
  details: ApprovalDetails
  /** The dApp's origin, as the browser reports the frame's parent. */
  origin: string
  themeMode: 'light' | 'dark'
}

export interface ApprovalSheetOptions {
  now?: () => number
  delayMs?: number
}

const STYLE_ID = 'portico-approval-style'
// Light and dark palettes match the modal's, so the sheet reads as part of it.
const STYLES = `
html{color-scheme:light}
html,body{margin:0;background:transparent}
.sheet-root{position:fixed;inset:0;display:grid;place-items:center;background:rgba(8,8,12,.45);font:14px/1.4 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.sheet-root{--bg:#141519;--surface:#1f2027;--text:#eceef2;--muted:#9a9caa;--border:rgba(255,255,255,.09);--accent:#6a4cf5;--error:#f25a67}
.sheet-root[data-theme=light]{background:rgba(20,20,30,.25);--bg:#fff;--surface:#f3f4f7;--text:#15161a;--muted:#62646f;--border:rgba(0,0,0,.08);--error:#b42332}
.sheet{box-sizing:border-box;width:min(380px,calc(100vw - 24px));max-height:min(600px,calc(100vh - 24px));display:flex;flex-direction:column;gap:10px;padding:16px;background:var(--bg);color:var(--text);border-radius:20px;box-shadow:0 0 0 1px var(--border),0 24px 64px rgba(0,0,0,.45);outline:none;overflow:auto;animation:rise .18s ease-out}
@media (max-width:440px){.sheet-root{place-items:end center}.sheet{width:100vw;border-radius:20px 20px 0 0}}
@media (prefers-reduced-motion:reduce){.sheet{animation:none}}
@keyframes rise{from{transform:translateY(8px);opacity:.6}}
h1{margin:0;font-size:16px;text-align:center}
p{margin:0}
.from{color:var(--muted);text-align:center;word-break:break-all}
.what{font-weight:600}
pre{margin:0;max-height:200px;overflow:auto;padding:10px 12px;border-radius:12px;background:var(--surface);white-space:pre-wrap;word-break:break-word;font:12px/1.4 ui-monospace,monospace}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:0}
dt{color:var(--muted)}
dd{margin:0;font-weight:600;text-align:end;word-break:break-all;font-variant-numeric:tabular-nums}
.error{color:var(--error);font-weight:600}
.hint{min-height:1.4em;font-size:12px;color:var(--muted);text-align:center}
.actions{display:flex;gap:8px}
button{all:unset;box-sizing:border-box;flex:1;display:inline-flex;justify-content:center;align-items:center;min-height:40px;padding:0 16px;border-radius:999px;font-weight:600;cursor:pointer}
button:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.approve{background:var(--accent);color:#fff}
.reject{background:var(--surface);color:var(--text)}
button[aria-disabled=true]{opacity:.5;cursor:default}
.secured{font-size:11px;color:var(--muted);text-align:center}
`

/**
 * Shows what the visitor is asked to sign or send, in the frame's own origin, and resolves true only on
 * their own click or key press on Approve while the sheet is fully visible and has been for a moment.
 * Rejects nothing: Reject, Escape or the signal (the dApp cancelled) resolve false.
 */
export function showApprovalSheet(
  doc: Document,
  prompt: ApprovalPrompt,
  signal: AbortSignal,
  options: ApprovalSheetOptions = {},
): Promise<boolean> {
  const guard = createApprovalGuard(options.now, options.delayMs)
  const view = doc.defaultView
  if (!doc.getElementById(STYLE_ID)) {
    const style = doc.createElement('style')
    style.id = STYLE_ID
    style.textContent = STYLES
    doc.head.append(style)
  }
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}) =>
    Object.assign(doc.createElement(tag), props)

  const root = el('div', { className: 'sheet-root' })
  root.dataset.theme = prompt.themeMode
  // The dApp's language and its direction: a right-to-left sheet for Arabic, Hebrew and Persian.
  root.lang = frameLocale()
  root.dir = localeDirection(frameLocale())
  const sheet = el('section', { className: 'sheet', tabIndex: -1 })
  sheet.setAttribute('role', 'dialog')
  sheet.setAttribute('aria-modal', 'true')
  sheet.setAttribute('aria-labelledby', 'portico-approval-title')
  const title = el('h1', { id: 'portico-approval-title', textContent: frameText('approveTitle') })
  const from = el('p', {
    className: 'from',
    textContent: frameText('requestedBy', { origin: prompt.origin }),
  })
  const hint = el('p', { className: 'hint' })
  hint.setAttribute('aria-live', 'polite')
  const reject = el('button', { className: 'reject', type: 'button', textContent: frameText('reject') })
  const approve = el('button', { className: 'approve', type: 'button', textContent: frameText('approve') })
  const { details } = prompt
  const blocked =
    (details.kind === 'transaction' || details.kind === 'solanaTransaction') && details.insufficientFunds
  const secured = el('p', {
    className: 'secured',
    textContent: frameText('secured', { host: view?.location.host ?? '' }),
  })
  const actions = el('div', { className: 'actions' })
  actions.append(reject, approve)
  sheet.append(title, from, ...detailNodes(el, prompt.details), hint, actions, secured)
  root.append(sheet)
  doc.body.append(root)

  return new Promise<boolean>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const refresh = () => {
      clearTimeout(timer)
      const wait = guard.remainingMs()
      approve.setAttribute('aria-disabled', String(blocked || wait > 0))
      // Said only once a reading found the sheet hidden, so it never flashes while the first one comes.
      const hidden = sheet.dataset.visible === 'false'
      hint.textContent = hidden ? frameText('notVisible') : ''
      if (wait > 0 && wait !== Number.POSITIVE_INFINITY) timer = setTimeout(refresh, wait)
    }
    const observer = observeVisibility(view, sheet, guard, refresh)
    const finish = (approved: boolean) => {
      clearTimeout(timer)
      observer?.disconnect()
      signal.removeEventListener('abort', onAbort)
      doc.removeEventListener('keydown', onKey, true)
      root.remove()
      resolve(approved)
    }
    const onAbort = () => finish(false)
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        finish(false)
      } else if (event.key === 'Tab') {
        // Two buttons: Tab and Shift+Tab move between them and never leave the sheet.
        event.preventDefault()
        ;(doc.activeElement === approve ? reject : approve).focus()
      }
    }
    approve.addEventListener('click', (event) => {
      if (blocked || !guard.accepts(event)) return refresh()
      finish(true)
    })
    reject.addEventListener('click', () => finish(false))
    signal.addEventListener('abort', onAbort, { once: true })
    doc.addEventListener('keydown', onKey, true)
    if (signal.aborted) return finish(false)
    refresh()
    sheet.focus({ preventScroll: true })
  })
}

/**
 * IntersectionObserver v2 reports `isVisible` only when nothing covers, fades or transforms the frame;
 * where it is missing, a full intersection with the viewport is the best reading available.
 */
function observeVisibility(
  view: (Window & typeof globalThis) | null,
  target: Element,
  guard: ApprovalGuard,
  onChange: () => void,
) {
  if (!view?.IntersectionObserver) {
    guard.setVisible(true)
    return undefined
  }
  const init = { threshold: [0, 0.99, 1], trackVisibility: true, delay: 100 } as IntersectionObserverInit
  const observer = new view.IntersectionObserver((entries) => {
    for (const entry of entries) {
      const v2 = (entry as IntersectionObserverEntry & { isVisible?: boolean }).isVisible
      const visible = v2 ?? entry.intersectionRatio >= 0.99
      guard.setVisible(visible)
      // The last reading, for the hint and for tests that must know a reading arrived.
      ;(target as HTMLElement).dataset.visible = String(visible)
    }
    onChange()
  }, init)
  observer.observe(target)
  return observer
}

type Make = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props?: Partial<HTMLElementTagNameMap[K]>,
) => HTMLElementTagNameMap[K]

function detailNodes(el: Make, details: ApprovalDetails): HTMLElement[] {
  switch (details.kind) {
    case 'message':
      return [
        el('p', { className: 'what', textContent: frameText('signMessage') }),
        el('pre', { textContent: details.text }),
      ]
    case 'typedData':
      return [
        el('p', { className: 'what', textContent: frameText('signTypedData') }),
        list(el, [
          [frameText('typedDataDomain'), details.domainName ?? '—'],
          [frameText('typedDataType'), details.primaryType],
        ]),
        el('pre', { textContent: details.json }),
      ]
    case 'transaction': {
      const amount = (wei: bigint) => `${trimDecimals(formatEther(wei))} ${details.symbol}`
      const nodes = [
        el('p', { className: 'what', textContent: frameText('sendTransaction') }),
        list(el, [
          [frameText('to'), details.to ?? frameText('contractCreation')],
          [frameText('amount'), amount(details.value)],
          [
            frameText('networkFee'),
            details.fee === undefined ? frameText('feeUnknown') : amount(details.fee),
          ],
          ...(details.balance === undefined
            ? []
            : [[frameText('balance'), amount(details.balance)] as const]),
        ]),
      ]
      if (details.hasData) nodes.push(el('p', { textContent: frameText('contractCall') }))
      if (details.insufficientFunds) nodes.push(insufficientFunds(el))
      return nodes
    }
    case 'solanaTransaction': {
      const sol = (lamports: bigint) => `${trimDecimals(formatUnits(lamports, 9))} SOL`
      const nodes = [
        el('p', {
          className: 'what',
          textContent: frameText(details.send ? 'sendTransaction' : 'signTransaction'),
        }),
        list(el, [
          [frameText('network'), details.network],
          ...details.transfers.flatMap((transfer) => [
            [frameText('to'), transfer.to] as const,
            [
              frameText('amount'),
              `${trimDecimals(formatUnits(transfer.amount, transfer.decimals))} ${transfer.symbol}`,
            ] as const,
          ]),
          [frameText('networkFee'), details.fee === undefined ? frameText('feeUnknown') : sol(details.fee)],
          ...(details.balance === undefined ? [] : [[frameText('balance'), sol(details.balance)] as const]),
        ]),
      ]
      if (details.otherInstructions) {
        nodes.push(
          el('p', {
            textContent: frameText(details.transfers.length > 0 ? 'programCall' : 'unknownTransaction'),
          }),
        )
      }
      if (details.insufficientFunds) nodes.push(insufficientFunds(el))
      return nodes
    }
  }
}

function insufficientFunds(el: Make) {
  const error = el('p', { className: 'error', textContent: frameText('insufficientFunds') })
  error.setAttribute('role', 'alert')
  return error
}

function list(el: Make, rows: ReadonlyArray<readonly [string, string]>) {
  const dl = el('dl')
  for (const [term, value] of rows)
    dl.append(el('dt', { textContent: term }), el('dd', { textContent: value }))
  return dl
}

/** At most 6 decimals, without trailing zeros: fees and amounts stay readable. */
function trimDecimals(value: string): string {
  const [whole, fraction = ''] = value.split('.')
  const cut = fraction.slice(0, 6).replace(/0+$/, '')
  if (!cut && fraction && /[1-9]/.test(fraction)) return `<${whole}.000001`
  return cut ? `${whole}.${cut}` : (whole ?? value)
}
