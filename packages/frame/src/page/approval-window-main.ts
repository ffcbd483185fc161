import { showApprovalSheet } from './approval-sheet.js'
import {
  APPROVAL_ANSWER,
  APPROVAL_READY,
  type ApprovalRequestMessage,
  approvalRequestSchema,
} from './approval-window-messages.js'
import { showCallsStatusSheet } from './calls-status-sheet.js'
import { showExportSheet } from './export-sheet.js'
import {
  EXPORT_CANCEL,
  EXPORT_FACTOR,
  type ExportRequestMessage,
  exportRequestSchema,
  exportResultSchema,
} from './export-window-messages.js'
import { frameLocale, frameText, setFrameLocale } from './frame-strings.js'
import { browserPasskeys } from './passkey-prf.js'
import { fromBase64url, toBase64url } from './recovery-envelope.js'
import { ensureSheetStyles } from './sheet-styles.js'

/**
 * The approval window: a top-level page of the wallet's origin that the wallet frame opens for one
 * request, a signing request or a key export. It speaks only to its opener, and only takes the request
 * from it when the opener is of its own origin; anything else (a page that opened it, a frame that embeds
 * it) gets nothing shown.
 */
function main() {
  document.title = frameText('windowTitle')
  const opener = window.opener as Window | null
  const origin = location.origin
  if (!opener) return orphan()
  let shown = false
  window.addEventListener('message', (event) => {
    if (event.origin !== origin || event.source !== opener || shown) return
    const approval = approvalRequestSchema.safeParse(event.data)
    if (approval.success) {
      shown = true
      return void show(approval.data, opener, origin)
    }
    const exported = exportRequestSchema.safeParse(event.data)
    if (exported.success) {
      shown = true
      void showExport(exported.data, opener, origin)
    }
  })
  opener.postMessage({ type: APPROVAL_READY }, origin)
}

/** Key export: the factor goes to the frame (the opener), which answers with the keys only when it is right. */
async function showExport(request: ExportRequestMessage, opener: Window, origin: string) {
  if (request.locale) await setFrameLocale(request.locale).catch(() => {})
  document.title = frameText('exportWindowTitle')
  document.documentElement.lang = frameLocale()
  document.documentElement.style.colorScheme = request.themeMode
  const { key } = request
  // This window's host is the frame's, so the wallet's passkey (relying party: that host) answers here.
  const passkeys = browserPasskeys(navigator, location.hostname, (size) =>
    crypto.getRandomValues(new Uint8Array(size)),
  )
  const answer = showExportSheet(
    document,
    request,
    (message) => {
      if (message.kind === 'cancel') return opener.postMessage({ type: EXPORT_CANCEL, key }, origin)
      const { factor } = message
      opener.postMessage(
        {
          type: EXPORT_FACTOR,
          key,
          factor: factor.kind === 'code' ? factor : { kind: 'passkey', prf: toBase64url(factor.prf) },
        },
        origin,
      )
    },
    {
      evaluatePasskey: ({ credentialId, salt }) =>
        passkeys.evaluate({ credentialId, salt: fromBase64url(salt) }),
      copy: (text) => navigator.clipboard.writeText(text),
      close: () => window.close(),
    },
  )
  window.addEventListener('message', (event) => {
    if (event.origin !== origin || event.source !== opener) return
    const parsed = exportResultSchema.safeParse(event.data)
    if (parsed.success && parsed.data.key === key) answer(parsed.data.answer)
  })
  // Closing the window ends the export: the frame hears it (it also watches the window close).
  window.addEventListener('pagehide', () => opener.postMessage({ type: EXPORT_CANCEL, key }, origin))
}

async function show(request: ApprovalRequestMessage, opener: Window, origin: string) {
  const { prompt } = request
  // The frame's language (the dApp's); English when its text cannot load.
  if (prompt.locale) await setFrameLocale(prompt.locale).catch(() => {})
  document.title = frameText('windowTitle')
  document.documentElement.lang = frameLocale()
  document.documentElement.style.colorScheme = prompt.themeMode
  const { details } = prompt
  // A batch's status asks nothing of the visitor: it is read and closed, and counts as no approval.
  const approved =
    details.kind === 'callsStatus'
      ? await showCallsStatusSheet(document, { ...prompt, details }, new AbortController().signal).then(
          () => false,
        )
      : await showApprovalSheet(document, prompt, new AbortController().signal)
  opener.postMessage({ type: APPROVAL_ANSWER, key: request.key, approved }, origin)
  // The frame closes this window once it has the answer (closing first could be read as a rejection
  // arriving before the answer); should the frame be gone, the window closes itself a moment later.
  setTimeout(() => window.close(), SELF_CLOSE_MS)
}

const SELF_CLOSE_MS = 3000

function orphan() {
  ensureSheetStyles(document)
  const text = document.createElement('p')
  text.className = 'from'
  text.style.padding = '24px'
  text.textContent = frameText('windowOrphan')
  document.body.append(text)
}

main()
