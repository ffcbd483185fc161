import type { Portico } from '@portico/core'
import { currentRouteData } from '@portico/core/internal'

/** A view's title from the wallet its route data names (its `walletId`), when the listing has it. */
export const walletNameTitle =
  (view: 'Pairing' | 'WalletDetails') =>
  (portico: Portico): string | undefined => {
    const walletId = currentRouteData(portico.router.store.getState(), view)?.walletId
    return walletId ? portico.wallets.findById(walletId)?.name : undefined
  }
