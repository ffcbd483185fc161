import type { Wallet, WindowAppReadyEventAPI, WindowRegisterWalletEvent } from '@wallet-standard/base'

// The app side of the Wallet Standard's registration handshake, as `@wallet-standard/app`'s `getWallets`
// has it, in the few lines the first paint needs (its registry class and events weigh 0.6 KB gzip there).
// wallet-standard-registry.test.ts holds it to the standard's own wallet side and to that package.

/** The wallets registered with this page's app, each once, in registration order. */
const registered = new Set<Wallet>()
const listeners = new Set<() => void>()
let started = false

const changed = () => {
  for (const listener of listeners) listener()
}

/** What a wallet registers with: a wallet registered already is not added again (nor removed by it). */
const api: WindowAppReadyEventAPI = Object.freeze({
  register(...wallets: Wallet[]) {
    const added = wallets.filter((wallet) => !registered.has(wallet))
    if (!added.length) return () => {}
    for (const wallet of added) registered.add(wallet)
    changed()
    return () => {
      for (const wallet of added) registered.delete(wallet)
      changed()
    }
  },
})

/**
 * Reports the page's registered wallets now and on every change, whether a wallet loaded before the app
 * (it answers the app-ready event) or after it (its register-wallet event). Returns the unsubscribe function.
 */
export function watchRegisteredWallets(onChange: (wallets: readonly Wallet[]) => void): () => void {
  if (!started && typeof window !== 'undefined') {
    started = true
    window.addEventListener('wallet-standard:register-wallet', (event) =>
      (event as WindowRegisterWalletEvent).detail(api),
    )
    window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }))
  }
  const listener = () => onChange([...registered])
  listeners.add(listener)
  listener()
  return () => {
    listeners.delete(listener)
  }
}
