import { type ApprovalView, createApprovalGuard } from './approval-guard.js'
import { createApprovalInput, type InputOutcome } from './approval-input.js'
import { type ApprovalDetails, paysFromBalance } from './approval-request.js'
import { callNodes, list } from './call-nodes.js'
import { callsFee } from './calls-fee.js'
import { callsStatusNodes } from './calls-status-sheet.js'
import type { CallsDetails } from './describe-calls.js'
import { formatFrameAmount } from './frame-amount.js'
import { type FrameValue, frameParts, frameText } from './frame-strings.js'
import { fillIsolated } from './isolated-text.js'
import { permissionNodes } from './permissions/permission-sheet.js'
import type { Make } from './sheet-styles.js'
import { observeVisibility } from './sheet-visibility.js'
import { requesterLine, windowSheet } from './window-sheet.js'

export interface ApprovalPrompt {
  details: ApprovalDetails
  /** The dApp's origin, as the browser reports the frame's parent. */
  origin: string
  themeMode: 'light' | 'dark'
  /** The dApp's locale (the frame's text follows it); the approval window loads the same. */
  locale?: string
}

export interface ApprovalSheetOptions {
  now?: () => number
  delayMs?: number
  /** How often the window's place on screen is read (it has no move event). */
  placementPollMs?: number
}

/**
 * Shows what the visitor is asked to sign or send, filling the wallet's own approval window, and resolves
 * true only on their own click, or key press (down and up) on Approve, while the whole sheet is visible
 * and its window focused, visible and unmoved, and has been for a moment. Focus starts on the sheet,
 * never on Approve. Reject, Escape or the signal (the request ended elsewhere) resolve false.
 */
export function showApprovalSheet(
  doc: Document,
  prompt: ApprovalPrompt,
  signal: AbortSignal,
  options: ApprovalSheetOptions = {},
): Promise<boolean> {
  const guard = createApprovalGuard(options.now, options.delayMs)
  const view = doc.defaultView
  const frame = windowSheet(doc, {
    themeMode: prompt.themeMode,
    id: 'portico-approval',
    title: frameText('approveTitle'),
    dialog: true,
  })
  const { el, root, sheet, title } = frame
  const from = requesterLine(frame, 'portico-approval', 'requestedBy', prompt.origin)
  const hint = el('p', { className: 'hint' })
  hint.setAttribute('aria-live', 'polite')
  const reject = el('button', { className: 'reject', type: 'button', textContent: frameText('reject') })
  const approve = el('button', { className: 'approve', type: 'button', textContent: frameText('approve') })
  const { details } = prompt
  const blocked = paysFromBalance(details) && details.insufficientFunds
  const secured = fillIsolated(
    el,
    el('p', { className: 'secured' }),
    frameParts('secured', { host: { ltr: view?.location.host ?? '' } }),
  )
  const body = el('div', { className: 'details' })
  body.append(...detailNodes(el, prompt.details, prompt.origin))
  const actions = el('div', { className: 'actions' })
  actions.append(reject, approve)
  sheet.append(title, from, body, hint, actions, secured)
  root.append(sheet)
  doc.body.append(root)

  const windowReading = () => ({
    pageVisible: doc.visibilityState === 'visible',
    focused: doc.hasFocus(),
    placement: view ? `${view.screenX},${view.screenY},${view.outerWidth},${view.outerHeight}` : '',
  })
  const input = createApprovalInput({ guard, readWindow: windowReading, blocked })

  return new Promise<boolean>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const refresh = () => {
      clearTimeout(timer)
      guard.read(windowReading())
      const wait = guard.remainingMs()
      approve.setAttribute('aria-disabled', String(blocked || wait > 0))
      // Said only once a reading found something wrong, so it never flashes while the first one comes.
      hint.textContent = hintFor(guard.view(), sheet.dataset.visible === undefined)
      if (wait > 0 && wait !== Number.POSITIVE_INFINITY) timer = setTimeout(refresh, wait)
    }
    const observer = observeVisibility(view, sheet, (visible) => {
      guard.read({ sheetVisible: visible })
      refresh()
    })
    const placementPoll = view ? setInterval(refresh, options.placementPollMs ?? 100) : undefined
    const finish = (approved: boolean) => {
      clearTimeout(timer)
      clearInterval(placementPoll)
      observer?.disconnect()
      signal.removeEventListener('abort', onAbort)
      doc.removeEventListener('keydown', onKey, true)
      doc.removeEventListener('visibilitychange', refresh)
      view?.removeEventListener('focus', onFocusChange)
      view?.removeEventListener('blur', onFocusChange)
      view?.removeEventListener('resize', refresh)
      root.remove()
      resolve(approved)
    }
    /** Cancels what the browser would do with the input, and approves when it is the visitor's approval. */
    const act = (event: Event, outcome: InputOutcome) => {
      refresh()
      if (outcome !== 'ignore') event.preventDefault()
      if (outcome === 'approve') finish(true)
    }
    const onAbort = () => finish(false)
    const onFocusChange = () => {
      input.release()
      refresh()
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        finish(false)
      }
    }
    approve.addEventListener('keydown', (event) => act(event, input.keyDown(event)))
    approve.addEventListener('keyup', (event) => act(event, input.keyUp(event)))
    approve.addEventListener('blur', () => input.release())
    approve.addEventListener('click', (event) => act(event, input.click(event)))
    reject.addEventListener('click', () => finish(false))
    signal.addEventListener('abort', onAbort, { once: true })
    doc.addEventListener('keydown', onKey, true)
    doc.addEventListener('visibilitychange', refresh)
    view?.addEventListener('focus', onFocusChange)
    view?.addEventListener('blur', onFocusChange)
    view?.addEventListener('resize', refresh)
    if (signal.aborted) return finish(false)
    refresh()
    sheet.focus({ preventScroll: true })
  })
}

function hintFor(view: ApprovalView, noReadingYet: boolean): string {
  if (noReadingYet) return ''
  if (!view.sheetVisible || !view.pageVisible) return frameText('notVisible')
  return ''
}

function detailNodes(el: Make, details: ApprovalDetails, origin: string): HTMLElement[] {
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
          [
            frameText('typedDataDomain'),
            details.domainName === undefined ? '—' : { ltr: details.domainName },
          ],
          [frameText('typedDataType'), { ltr: details.primaryType }],
        ]),
        el('pre', { textContent: details.json }),
      ]
    case 'transaction': {
      const amount = (wei: bigint) => ({ ltr: `${formatFrameAmount(wei, 18)} ${details.symbol}` })
      const nodes = [
        el('p', { className: 'what', textContent: frameText('sendTransaction') }),
        list(el, [
          [frameText('to'), details.to === undefined ? frameText('contractCreation') : { ltr: details.to }],
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
      const sol = (lamports: bigint) => ({ ltr: `${formatFrameAmount(lamports, 9)} SOL` })
      const nodes = [
        el('p', {
          className: 'what',
          textContent: frameText(details.send ? 'sendTransaction' : 'signTransaction'),
        }),
        list(el, [
          [frameText('network'), { ltr: details.network }],
          ...details.transfers.flatMap((transfer) => [
            [frameText('to'), { ltr: transfer.to }] as const,
            [
              frameText('amount'),
              { ltr: `${formatFrameAmount(transfer.amount, transfer.decimals)} ${transfer.symbol}` },
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
    case 'calls':
      return callsNodes(el, details, origin)
    case 'permissions':
      return permissionNodes(el, details, origin)
    case 'callsStatus':
      return callsStatusNodes(el, details)
    case 'upgrade': {
      const amount = (wei: bigint) => ({ ltr: `${formatFrameAmount(wei, 18)} ${details.symbol}` })
      const nodes = [
        el('p', { className: 'what', textContent: frameText('upgradeTitle') }),
        el('p', { className: 'upgrade', textContent: frameText('upgradeExplained') }),
        list(el, [
          [frameText('chainId'), { ltr: String(details.chainId) }],
          [
            frameText('networkFee'),
            details.fee === undefined ? frameText('feeUnknown') : amount(details.fee),
          ],
          ...(details.balance === undefined
            ? []
            : [[frameText('balance'), amount(details.balance)] as const]),
        ]),
        el('p', { textContent: frameText('upgradeStays') }),
      ]
      if (details.insufficientFunds) nodes.push(insufficientFunds(el))
      return nodes
    }
  }
}

/** A batch, call by call: what each sends or allows, then the one fee of the whole transaction. */
function callsNodes(el: Make, details: CallsDetails, origin: string): HTMLElement[] {
  const native = (wei: bigint) => ({ ltr: `${formatFrameAmount(wei, 18)} ${details.symbol}` })
  const nodes: HTMLElement[] = [el('p', { className: 'what', textContent: frameText('sendCalls') })]
  // Delegating the account is part of what is approved: said before the calls, not below the fold.
  if (details.upgrade) nodes.push(el('p', { className: 'upgrade', textContent: frameText('upgradeAccount') }))
  nodes.push(...callNodes(el, details.calls, native))
  nodes.push(
    list(el, [
      [frameText('networkFee'), callsFee(details, origin, native)],
      ...(details.balance === undefined
        ? []
        : [[frameText('balance'), native(details.balance)] as [string, FrameValue]]),
    ]),
    el('p', { textContent: frameText('allOrNothing') }),
  )
  if (details.insufficientFunds) nodes.push(insufficientFunds(el))
  return nodes
}

function insufficientFunds(el: Make) {
  const error = el('p', { className: 'error', textContent: frameText('insufficientFunds') })
  error.setAttribute('role', 'alert')
  return error
}
