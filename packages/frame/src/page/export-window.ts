import { type ApprovalWindowHost, CLOSED_POLL_MS, LAST_ANSWER_MS } from './approval-window.js'
import { APPROVAL_READY } from './approval-window-messages.js'
import {
  EXPORT_CANCEL,
  EXPORT_FACTOR,
  EXPORT_REQUEST,
  EXPORT_RESULT,
  type ExportFactor,
  type ExportRequestMessage,
  type ExportResultMessage,
  exportWindowMessageSchema,
} from './export-window-messages.js'
import type { KeyExportPrompt } from './key-export.js'
import { fromBase64url } from './recovery-envelope.js'

/** How an export ended, as the dApp hears it: never anything of the key. */
export type ExportOutcome = 'done' | 'cancelled' | 'locked'

/**
 * Key export in the wallet's own window (the approval window's page, opened by the frame's launcher on the
 * visitor's click): the window asks for the recovery factor and sends it here; the frame checks it and
 * answers the keys to that window only. Nothing of the factor or the key goes to the dApp page, which
 * holds no reference to the window and hears only how the export ended. The window stays open once the
 * keys are shown: the visitor closes it when done.
 */
export function exportInWindow(
  host: ApprovalWindowHost,
  prompt: KeyExportPrompt,
  signal: AbortSignal,
  closedPollMs = CLOSED_POLL_MS,
): Promise<ExportOutcome> {
  return new Promise<ExportOutcome>((resolve) => {
    const key = host.randomKey()
    const request: ExportRequestMessage = {
      type: EXPORT_REQUEST,
      key,
      factor: prompt.factor,
      address: prompt.address,
      origin: prompt.origin,
      themeMode: prompt.themeMode,
      ...(prompt.locale ? { locale: prompt.locale } : {}),
    }
    let popup: ReturnType<ApprovalWindowHost['open']> | undefined
    let watch: ReturnType<typeof setInterval> | undefined
    let done = false

    /** `keepWindow`: the window shows the keys (or why it stopped) until the visitor closes it. */
    const finish = (outcome: ExportOutcome, keepWindow = false) => {
      if (done) return
      done = true
      clearInterval(watch)
      unlisten()
      signal.removeEventListener('abort', onAbort)
      if (!keepWindow && popup && !popup.closed) popup.close()
      launcher.remove()
      resolve(outcome)
    }
    const onAbort = () => finish('cancelled')

    const review = () => {
      if (popup && !popup.closed) return popup.focus()
      const opened = host.open()
      if (!opened) return launcher.setState('blocked')
      popup = opened
      launcher.setState('open')
      clearInterval(watch)
      watch = setInterval(() => {
        if (!opened.closed) return
        clearInterval(watch)
        setTimeout(() => finish('cancelled'), LAST_ANSWER_MS)
      }, closedPollMs)
    }

    const answer = async (factor: ExportFactor, target: NonNullable<typeof popup>) => {
      const result = await prompt.answer(factor).catch(() => undefined)
      if (done || !result) return
      const message: ExportResultMessage = { type: EXPORT_RESULT, key, answer: result }
      target.postMessage(message, host.origin)
      if (result.status === 'revealed') finish('done', true)
      else if (result.status === 'locked') finish('locked', true)
    }

    const unlisten = host.listen((event) => {
      // Only the window this frame opened for this export speaks here, from the wallet's origin.
      if (!popup || event.source !== popup || event.origin !== host.origin) return
      const data = event.data as { type?: unknown } | null
      if (data?.type === APPROVAL_READY) return popup.postMessage(request, host.origin)
      const parsed = exportWindowMessageSchema.safeParse(event.data)
      if (!parsed.success || parsed.data.key !== key) return
      const message = parsed.data
      if (message.type === EXPORT_CANCEL) return finish('cancelled')
      if (message.type === EXPORT_FACTOR) {
        const { factor } = message
        void answer(
          factor.kind === 'code' ? factor : { kind: 'passkey', prf: fromBase64url(factor.prf) },
          popup,
        )
      }
    })
    const launcher = host.showLauncher({ onReview: review, onReject: () => finish('cancelled') })
    signal.addEventListener('abort', onAbort, { once: true })
    if (signal.aborted) finish('cancelled')
  })
}
