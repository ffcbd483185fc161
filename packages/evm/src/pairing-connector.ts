import { type Connector, WALLET_CONNECT_CONNECTOR_ID } from '@portico/core'
import { assetImageUrl, buttonText } from '@portico/core/internal'

export { WALLET_CONNECT_CONNECTOR_ID }

/**
 * The WalletConnect row of the Connect view; its SDK loads only when the visitor picks it. Its logo is the
 * explorer's (as the Pairing view's QR code has it), not drawn inline: the first paint carries this row.
 */
export const walletConnectConnector = (explorerUrl: string): Connector => ({
  id: WALLET_CONNECT_CONNECTOR_ID,
  name: buttonText('walletConnect'),
  type: 'WALLET_CONNECT',
  namespace: 'eip155',
  imageUrl: assetImageUrl(explorerUrl, WALLET_CONNECT_CONNECTOR_ID),
  installed: false,
})
