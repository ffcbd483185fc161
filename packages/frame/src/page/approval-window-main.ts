import { showApprovalSheet } from './approval-sheet.js'
import {
  APPROVAL_ANSWER,
  APPROVAL_READY,
  type ApprovalRequestMessage,
  approvalRequestSchema,
} from './approval-window-messages.js'
import { frameLocale, frameText, setFrameLocale } from './frame-strings.js'
import { ensureSheetStyles } from './sheet-styles.js'

/**
 * The approval window: a top-level page of the wallet's origin that the wallet frame opens for one
 * request. It speaks only to its opener, and only takes the request from it when the opener is of its
 * own origin; anything else (a page that opened it, a frame that embeds it) gets nothing shown.
 */
function main() {
  document.title = frameText('windowTitle')
  const opener = window.opener as Window | null
  const origin = location.origin
  if (!opener) return orphan()
  let request: ApprovalRequestMessage | undefined
  window.addEventListener('message', (event) => {
    if (event.origin !== origin || event.source !== opener || request) return
    const parsed = approvalRequestSchema.safeParse(event.data)
    if (!parsed.success) return
    request = parsed.data
    void show(request, opener, origin)
  })
  opener.postMessage({ type: APPROVAL_READY }, origin)
}

async function show(request: ApprovalRequestMessage, opener: Window, origin: string) {
  const { prompt } = request
  // The frame's language (the dApp's); English when its text cannot load.
  if (prompt.locale) await setFrameLocale(prompt.locale).catch(() => {})
  document.title = frameText('windowTitle')
  document.documentElement.lang = frameLocale()
  document.documentElement.style.colorScheme = prompt.themeMode
  const approved = await showApprovalSheet(document, prompt, new AbortController().signal)
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
