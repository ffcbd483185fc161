import type { ConnectorsState, WalletListing } from '@portico/core'
import { useCallback } from 'react'
import { usePortico } from '../use-portico.js'

/** Picking a listing connects when the wallet is in this browser, and shows how to get it otherwise. */
export function useSelectWallet(): (listing: WalletListing) => void {
  const portico = usePortico()
  return useCallback(
    (listing: WalletListing) => {
      const { connectors } = portico.connectors.getState() as ConnectorsState
      const installed = listing.rdns && connectors.find((connector) => connector.info?.rdns === listing.rdns)
      if (installed) void portico.connect(installed.id)
      else portico.router.push('WalletDetails', { walletId: listing.id })
    },
    [portico],
  )
}
