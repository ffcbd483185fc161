import { toCataloguedError } from '../errors/error-message.js'
import { type AuthFlow, signIn } from './auth-flow.js'

/** Passkey sign-in: the wallet frame's sheet takes over; a failure goes back to the Connect view. */
export function startPasskey(flow: AuthFlow) {
  const { router } = flow.options
  flow.patch({ socialProvider: 'passkey', stepUp: undefined, passkeyError: undefined })
  router.push('ConnectingPasskey')
  return flow.run('passkey', async (wallet, current) => {
    try {
      await signIn(flow, wallet, current, () => wallet.connectPasskey())
    } catch (error) {
      if (!current()) return
      // Back to the list of sign-in options, which says what happened beside the passkey option.
      if (router.current()?.view === 'ConnectingPasskey') router.goBack()
      flow.patch({ step: 'idle', passkeyError: toCataloguedError(error) })
    }
  })
}
