import type { ConnectorsState, WalletListing } from '@portico/core/internal'
import { useCallback } from 'react'
import { usePortico } from '../../use-portico.js'

/**
 * Picking a listing connects when the wallet is in this browser; otherwise it opens the WalletConnect
 * pairing for it (or, without WalletConnect, shows how to get the wallet).
 */
export function useSelectWallet(): (listing: WalletListing) => void {
  const portico = usePortico()
  return useCallback(
    (listing: WalletListing) => {
      const { connectors } = portico.connectors.getState() as ConnectorsState
      const installed = listing.rdns && connectors.find((connector) => connector.info?.rdns === listing.rdns)
      // Not in this browser: pair by WalletConnect when it is configured, else say where to get it.
      const walletConnect = connectors.find((connector) => connector.type === 'WALLET_CONNECT')
      // A failure is shown by the modal itself (toast and the Connecting or Pairing view).
      if (installed) portico.connect(installed.id).catch(() => {})
      else if (walletConnect) portico.connect(walletConnect.id, { walletId: listing.id }).catch(() => {})
      else portico.router.push('WalletDetails', { walletId: listing.id })
    },
    [portico],
  )
}
