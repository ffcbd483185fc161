import { type PasskeyLogin, type PasskeyLoginUi, PasskeySheetClosedError } from './passkey-login.js'
import { showSheet } from './recovery-sheet.js'

/**
 * The frame's passkey sheet: sign in with a passkey the visitor has, or create one for a new account.
 * The click on either is the browser's permission to run the ceremony in this cross-site frame. While
 * the browser's prompt is up the sheet says so; any failure closes it and goes back to the dApp's list.
 */
export function createPasskeySheet(doc: Document): PasskeyLoginUi {
  return {
    choose: (choices, signal) =>
      showSheet<PasskeyLogin>(
        doc,
        signal,
        ({ el, text, status, button, done, fail }) => {
          let busy = false
          const run = (work: () => Promise<PasskeyLogin>) => async () => {
            if (busy) return
            busy = true
            for (const choice of buttons) choice.setAttribute('aria-disabled', 'true')
            status.textContent = text('passkeyWaiting')
            try {
              ;(done as (value: PasskeyLogin) => void)(await work())
            } catch (error) {
              fail(error)
            }
          }
          const buttons = [
            button('passkeySignIn', true, run(choices.signIn)),
            button('passkeyCreate', false, run(choices.create)),
          ]
          return {
            title: text('passkeyTitle'),
            nodes: [el('p', { textContent: text('passkeyIntro') }), ...buttons],
          }
        },
        () => new PasskeySheetClosedError('The passkey sheet was closed'),
      ),
  }
}
