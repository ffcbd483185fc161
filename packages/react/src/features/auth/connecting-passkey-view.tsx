import { usePortico } from '../../use-portico.js'
import { WaitingPanel } from './flow-panels.js'
import { authMessages } from './messages.js'
import { authViewMessages } from './view-messages.js'

/**
 * Passkey sign-in: the wallet frame shows its sheet over the page (sign in with a passkey, or create
 * one), and the browser its own prompt. This view waits behind them; a failure goes back to Connect.
 */
export default function ConnectingPasskeyView() {
  const portico = usePortico()
  return (
    <WaitingPanel
      title={authMessages.t('continueWithPasskey')}
      body={authViewMessages.t('passkeyBody')}
      onCancel={() => {
        portico.auth.reset()
        portico.router.goBack()
      }}
    />
  )
}
