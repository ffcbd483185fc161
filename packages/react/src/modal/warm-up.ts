import type { Portico } from '@portico/core'
import { assetImageUrl } from '@portico/core/internal'
import { preloadImages } from '../preload-images.js'

/**
 * Once the modal and its runtime are here (after the visitor's first intent): warms the images the
 * first open shows, and refreshes the wallet list (shown from the saved copy meanwhile). Lives with the
 * modal, not in the provider, so none of it weighs on the first paint.
 */
export function warmUp(portico: Portico): void {
  // The social sign-in logos and the connectors' (WalletConnect's is the explorer's) the Connect view
  // shows at once, so they do not pop in after it.
  const { explorerUrl, features } = portico.config
  void preloadImages([
    ...features.socials.map((provider) => assetImageUrl(explorerUrl, provider)),
    ...portico.connectors.getState().connectors.flatMap((connector) => connector.imageUrl ?? []),
  ])
  void portico.wallets.refresh().then(() => {
    const { featured, recommended } = portico.wallets.store.getState()
    return preloadImages([...featured, ...recommended].map((wallet) => wallet.image_url))
  })
}
