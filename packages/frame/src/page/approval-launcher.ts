import { localeDirection } from '@portico/wire'
import type { ApprovalDetails } from './approval-request.js'
import { type FrameStringKey, frameLocale, frameParts, frameText } from './frame-strings.js'
import { fillIsolated } from './isolated-text.js'
import { ensureSheetStyles, maker } from './sheet-styles.js'

export type LauncherState = 'ready' | 'open' | 'blocked'

export interface Launcher {
  /** Says what the visitor does next: open the window, go back to it, or allow pop-ups. */
  setState(state: LauncherState): void
  remove(): void
}

export interface LauncherOptions {
  /** The signing request the window shows; absent for a key export. */
  details?: ApprovalDetails | undefined
  origin: string
  themeMode: 'light' | 'dark'
  /** The auth service's host, which the wallet window's address bar shows. */
  host: string
  onReview(): void
  onReject(): void
}

const ASKS: Record<ApprovalDetails['kind'], FrameStringKey> = {
  message: 'askSignMessage',
  typedData: 'askSignTypedData',
  transaction: 'askSendTransaction',
  solanaTransaction: 'askSignTransaction',
  calls: 'askSendCalls',
  callsStatus: 'askShowCallsStatus',
  upgrade: 'askUpgrade',
  permissions: 'askGrantPermissions',
}

/**
 * What the wallet frame shows over the dApp for a signing request: who asks for what kind of thing, and
 * a button that opens the request in the wallet's own window. It holds no Approve: a click the page
 * tricks the visitor into here opens, at most, a window that shows everything.
 */
export function showLauncher(doc: Document, options: LauncherOptions): Launcher {
  ensureSheetStyles(doc)
  const el = maker(doc)
  const { details } = options
  const action =
    details &&
    frameText(
      details.kind === 'solanaTransaction' && details.send ? 'askSendTransaction' : ASKS[details.kind],
    )
  const root = el('div', { className: 'sheet-root' })
  root.dataset.theme = options.themeMode
  root.lang = frameLocale()
  root.dir = localeDirection(frameLocale())
  const sheet = el('section', { className: 'sheet launcher', tabIndex: -1 })
  sheet.setAttribute('role', 'dialog')
  sheet.setAttribute('aria-modal', 'true')
  sheet.setAttribute('aria-labelledby', 'portico-launcher-title')
  sheet.setAttribute('aria-describedby', 'portico-launcher-body')
  const title = el('h1', { id: 'portico-launcher-title' })
  const body = el('p', { id: 'portico-launcher-body', className: 'from' })
  const status = el('p', { className: 'hint' })
  status.setAttribute('aria-live', 'polite')
  const reject = el('button', {
    className: 'reject',
    type: 'button',
    textContent: frameText(action ? 'reject' : 'notNow'),
  })
  const review = el('button', { className: 'approve', type: 'button' })
  const secured = fillIsolated(
    el,
    el('p', { className: 'secured' }),
    frameParts('secured', { host: { ltr: options.host } }),
  )
  const actions = el('div', { className: 'actions' })
  actions.append(reject, review)
  sheet.append(title, body, status, actions, secured)
  root.append(sheet)
  review.addEventListener('click', () => options.onReview())
  reject.addEventListener('click', () => options.onReject())
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      options.onReject()
    } else if (event.key === 'Tab') {
      // A modal dialog: Tab and Shift+Tab move between its two buttons and never leave it.
      event.preventDefault()
      ;(doc.activeElement === review ? reject : review).focus()
    }
  }
  doc.addEventListener('keydown', onKey, true)

  const setState = (state: LauncherState) => {
    const open = state === 'open'
    // The origin and the host stay left to right inside a right-to-left sentence.
    const host = { ltr: options.host }
    const origin = { ltr: options.origin }
    // A key export has its own words: the window shows the key, once the visitor confirmed it is them.
    title.textContent = frameText(open ? 'windowOpenTitle' : action ? 'launcherTitle' : 'exportTitle')
    fillIsolated(
      el,
      body,
      open
        ? frameParts(action ? 'windowOpenBody' : 'exportWindowOpenBody', { host })
        : action
          ? frameParts('launcherBody', { origin, action, host })
          : frameParts('exportLauncherBody', { host }),
    )
    review.textContent = frameText(open ? 'showWindow' : action ? 'reviewInWindow' : 'exportContinue')
    fillIsolated(el, status, state === 'blocked' ? frameParts('popupBlocked', { host }) : [])
    status.classList.toggle('warn', state === 'blocked')
  }
  setState('ready')
  doc.body.append(root)
  review.focus({ preventScroll: true })
  return {
    setState,
    remove() {
      doc.removeEventListener('keydown', onKey, true)
      root.remove()
    },
  }
}
