import {
  EXPORT_LOCK_MS,
  type ExportFactor,
  type ExportRequestMessage,
  type ExportResultMessage,
} from './export-window-messages.js'
import { type FrameStringKey, frameParts, framePlural, frameText } from './frame-strings.js'
import { fillIsolated, ltrValue } from './isolated-text.js'
import { normalizeRecoveryCode } from './recovery-envelope.js'
import type { Make } from './sheet-styles.js'
import { windowSheet } from './window-sheet.js'

/** What the export window sends the frame: a factor to check, or the visitor's cancel. */
export type ExportWindowSend = (
  message: { kind: 'factor'; factor: ExportFactor } | { kind: 'cancel' },
) => void

export interface ExportSheetOptions {
  /** The PRF output of the wallet's passkey (asks the visitor to use it); absent where none can answer. */
  evaluatePasskey?: (input: { credentialId: string; salt: string }) => Promise<Uint8Array>
  /** Copies text to the clipboard. */
  copy?: (text: string) => Promise<void>
  /** Closes the window. */
  close(): void
}

/**
 * The export window's sheet: asks for the wallet's recovery factor, and once the frame found it right,
 * shows the keys, each hidden until the visitor reveals it, with a copy button and a warning. Returns the
 * frame's answer handler.
 */
export function showExportSheet(
  doc: Document,
  request: ExportRequestMessage,
  send: ExportWindowSend,
  options: ExportSheetOptions,
): (answer: ExportResultMessage['answer']) => void {
  const { el, root, sheet, title } = windowSheet(doc, {
    themeMode: request.themeMode,
    id: 'portico-export',
    title: frameText('exportTitle'),
  })
  const warning = el('p', { className: 'warning', textContent: frameText('exportWarning') })
  const status = el('p', { className: 'hint', id: 'portico-export-status' })
  status.setAttribute('role', 'status')
  status.setAttribute('aria-live', 'polite')
  const body = el('div', { className: 'details' })
  const actions = el('div', { className: 'actions' })
  const secured = fillIsolated(
    el,
    el('p', { className: 'secured' }),
    frameParts('secured', { host: { ltr: doc.defaultView?.location.host ?? '' } }),
  )
  const button = (key: FrameStringKey, className: string, onClick: () => void) => {
    const made = el('button', { type: 'button', className, textContent: frameText(key) })
    made.addEventListener('click', onClick)
    return made
  }
  const say = (text: string, warn = true) => {
    status.textContent = text
    status.classList.toggle('warn', warn)
  }

  let busy = false
  let finished = false
  const cancel = button('notNow', 'reject', () => {
    finished = true
    send({ kind: 'cancel' })
    options.close()
  })
  const submit = (factor: ExportFactor) => {
    if (busy || finished) return
    busy = true
    say(frameText('exportChecking'), false)
    send({ kind: 'factor', factor })
  }

  if (request.factor.kind === 'passkey') {
    const { credentialId, salt } = request.factor
    const use = button('usePasskey', 'approve', async () => {
      if (busy || finished) return
      if (!credentialId || !options.evaluatePasskey) return say(frameText('noPasskey'))
      try {
        submit({ kind: 'passkey', prf: await options.evaluatePasskey({ credentialId, salt }) })
      } catch {
        say(frameText('noPasskey'))
      }
    })
    body.append(el('p', { textContent: frameText('exportPasskeyIntro') }))
    actions.append(cancel, use)
  } else {
    const form = el('form', { className: 'factor' })
    const label = el('label', { htmlFor: 'portico-export-code', textContent: frameText('recoveryCode') })
    const input = el('input', { id: 'portico-export-code', type: 'text', autocomplete: 'off' })
    input.spellcheck = false
    input.setAttribute('autocapitalize', 'characters')
    // Typed as it was shown, left to right, in a right-to-left sheet too.
    input.dir = 'ltr'
    input.setAttribute('aria-describedby', 'portico-export-status')
    const show = el('button', {
      type: 'submit',
      className: 'approve',
      textContent: frameText('exportShowKey'),
    })
    form.append(label, input)
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      // A typo is said at once and costs no try: only something that can be a code goes to the frame.
      const code = normalizeRecoveryCode(input.value)
      if (!code) return say(frameText('exportNotACode'))
      submit({ kind: 'code', code })
    })
    show.setAttribute('form', 'portico-export-form')
    form.id = 'portico-export-form'
    body.append(el('p', { textContent: frameText('exportCodeIntro') }), form)
    actions.append(cancel, show)
  }

  sheet.append(title, warning, body, status, actions, secured)
  root.append(sheet)
  doc.body.append(root)
  ;(sheet.querySelector<HTMLElement>('input') ?? sheet).focus({ preventScroll: true })

  return (answer) => {
    busy = false
    if (finished) return
    if (answer.status === 'wrong') {
      return say(framePlural('exportWrongCode', answer.attemptsLeft))
    }
    finished = true
    if (answer.status === 'locked') {
      body.replaceChildren()
      say(framePlural('exportLocked', EXPORT_LOCK_MS / 60_000))
      actions.replaceChildren(button('exportClose', 'reject', () => options.close()))
      return
    }
    say(frameText('exportShown'), false)
    body.replaceChildren(
      keyBlock(el, options, 'exportEvmKey', request.address, answer.keys.evm, 'evm'),
      keyBlock(
        el,
        options,
        'exportSolanaKey',
        answer.keys.solana.address,
        answer.keys.solana.secretKey,
        'sol',
      ),
    )
    const close = button('exportClose', 'approve', () => options.close())
    actions.replaceChildren(close)
  }
}

/** One key: its account, the key hidden until revealed, and a copy button. */
function keyBlock(
  el: Make,
  options: ExportSheetOptions,
  label: FrameStringKey,
  address: string,
  secret: string,
  id: string,
) {
  const block = el('section', { className: 'key' })
  block.setAttribute('aria-labelledby', `portico-export-${id}-label`)
  const heading = el('h2', { id: `portico-export-${id}-label`, textContent: frameText(label) })
  const account = el('p', { className: 'from' })
  account.append(ltrValue(el, address))
  const value = el('pre', { id: `portico-export-${id}-value`, className: 'secret' })
  value.dataset.hidden = ''
  value.textContent = '•'.repeat(24)
  const copied = el('p', { className: 'hint' })
  copied.setAttribute('aria-live', 'polite')
  const reveal = el('button', { type: 'button', className: 'reject', textContent: frameText('exportReveal') })
  reveal.setAttribute('aria-controls', value.id)
  reveal.setAttribute('aria-expanded', 'false')
  reveal.addEventListener('click', () => {
    const shown = value.dataset.hidden !== undefined
    if (shown) delete value.dataset.hidden
    else value.dataset.hidden = ''
    value.textContent = shown ? secret : '•'.repeat(24)
    reveal.textContent = frameText(shown ? 'exportHide' : 'exportReveal')
    reveal.setAttribute('aria-expanded', String(shown))
  })
  const copy = el('button', { type: 'button', className: 'reject', textContent: frameText('exportCopy') })
  copy.addEventListener('click', () => {
    void (options.copy?.(secret) ?? Promise.reject(new Error('No clipboard'))).then(
      () => {
        copied.textContent = frameText('exportCopied')
      },
      () => {
        copied.textContent = frameText('exportCopyFailed')
      },
    )
  })
  const row = el('div', { className: 'actions' })
  row.append(reveal, copy)
  block.append(heading, account, value, row, copied)
  return block
}
