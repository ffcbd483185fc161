import { callNodes, list } from './call-nodes.js'
import type { CallsStatusDetails } from './calls-status-details.js'
import { formatFrameAmount } from './frame-amount.js'
import { type FrameValue, frameParts, frameText } from './frame-strings.js'
import { fillIsolated } from './isolated-text.js'
import type { Make } from './sheet-styles.js'
import { requesterLine, windowSheet } from './window-sheet.js'

const STATUS_TEXT = {
  pending: 'callsStatusPending',
  confirmed: 'callsStatusConfirmed',
  failed: 'callsStatusFailed',
} as const

/** The batch's state (said once, as the sheet's status), the transaction that carried it and its network, then its calls (when known). */
export function callsStatusNodes(el: Make, details: CallsStatusDetails): HTMLElement[] {
  const state = el('p', {
    className: details.status === 'failed' ? 'action warn' : 'what',
    textContent: frameText(STATUS_TEXT[details.status]),
  })
  state.dataset.status = details.status
  state.setAttribute('role', 'status')
  const rows: [string, FrameValue][] = [
    ...(details.transactionHash
      ? [[frameText('callsStatusTransaction'), { ltr: details.transactionHash }] as [string, FrameValue]]
      : []),
    [frameText('chainId'), { ltr: String(details.chainId) }],
  ]
  const native = (wei: bigint) => ({ ltr: `${formatFrameAmount(wei, 18)} ${details.symbol}` })
  return [
    state,
    list(el, rows),
    ...(details.calls
      ? callNodes(el, details.calls, native)
      : [el('p', { textContent: frameText('callsStatusCallsUnknown') })]),
  ]
}

/**
 * Shows how a batch went in the wallet's own window (`wallet_showCallsStatus`): nothing to approve, one
 * Close. Resolves when the visitor closes it (Close or Escape) or the request ends elsewhere (`signal`).
 */
export function showCallsStatusSheet(
  doc: Document,
  prompt: { details: CallsStatusDetails; origin: string; themeMode: 'light' | 'dark' },
  signal: AbortSignal,
): Promise<void> {
  const frame = windowSheet(doc, {
    themeMode: prompt.themeMode,
    id: 'portico-status',
    title: frameText('callsStatusTitle'),
    dialog: true,
  })
  const { el, root, sheet, title } = frame
  const from = requesterLine(frame, 'portico-status', 'callsStatusFrom', prompt.origin)
  const body = el('div', { className: 'details' })
  body.append(...callsStatusNodes(el, prompt.details))
  const close = el('button', {
    className: 'approve',
    type: 'button',
    textContent: frameText('callsStatusClose'),
  })
  const actions = el('div', { className: 'actions' })
  actions.append(close)
  const secured = fillIsolated(
    el,
    el('p', { className: 'secured' }),
    frameParts('secured', { host: { ltr: doc.defaultView?.location.host ?? '' } }),
  )
  sheet.append(title, from, body, actions, secured)
  root.append(sheet)
  doc.body.append(root)

  return new Promise<void>((resolve) => {
    const finish = () => {
      signal.removeEventListener('abort', finish)
      doc.removeEventListener('keydown', onKey, true)
      root.remove()
      resolve()
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      event.preventDefault()
      finish()
    }
    close.addEventListener('click', finish)
    signal.addEventListener('abort', finish, { once: true })
    doc.addEventListener('keydown', onKey, true)
    if (signal.aborted) return finish()
    sheet.focus({ preventScroll: true })
  })
}
