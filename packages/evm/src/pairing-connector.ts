import { type Connector, WALLET_CONNECT_CONNECTOR_ID } from '@portico/core'
import { buttonText } from '@portico/core/internal'

export { WALLET_CONNECT_CONNECTOR_ID }

const icon =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#3396ff"/><path d="M12.3 15.6c4.3-4.2 11.2-4.2 15.4 0l.5.5a.5.5 0 0 1 0 .8l-1.8 1.7a.3.3 0 0 1-.4 0l-.7-.7a7.5 7.5 0 0 0-10.6 0l-.8.8a.3.3 0 0 1-.4 0l-1.8-1.8a.5.5 0 0 1 0-.7zm19.1 3.5 1.6 1.6a.5.5 0 0 1 0 .8l-7.2 7a.6.6 0 0 1-.8 0l-5-5a.1.1 0 0 0-.2 0l-5 5a.6.6 0 0 1-.8 0l-7.2-7a.5.5 0 0 1 0-.8l1.6-1.6a.6.6 0 0 1 .8 0l5 5a.1.1 0 0 0 .2 0l5-5a.6.6 0 0 1 .8 0l5 5a.1.1 0 0 0 .2 0l5-5a.6.6 0 0 1 .8 0z" fill="#fff"/></svg>',
  )

/** The WalletConnect row of the Connect view; its SDK loads only when the visitor picks it. */
export const walletConnectConnector: Connector = {
  id: WALLET_CONNECT_CONNECTOR_ID,
  name: buttonText('walletConnect'),
  type: 'WALLET_CONNECT',
  namespace: 'eip155',
  imageUrl: icon,
  installed: false,
}
