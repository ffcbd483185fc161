import type { ViewName } from '@portico/core'
import { type ComponentType, use } from 'react'

type ViewModule = { default: ComponentType }

// One chunk per view. Rendering a loaded view is synchronous (unlike React.lazy, which suspends
// once even when its module is already here), so a preloaded view shows in the click's first frame.
const loaders: Partial<Record<ViewName, () => Promise<ViewModule>>> = {
  Connect: () => import('../views/connect-view.js'),
  AllWallets: () => import('../views/all-wallets-view.js'),
  WalletDetails: () => import('../views/wallet-details-view.js'),
  ConnectingWallet: () => import('../views/connecting-wallet-view.js'),
  Pairing: () => import('../views/pairing-view.js'),
  Account: () => import('../views/account-view.js'),
  Activity: () => import('../views/activity-view.js'),
  Networks: () => import('../views/networks-view.js'),
  UnsupportedChain: () => import('../views/unsupported-chain-view.js'),
  EmailVerifyOtp: () => import('../views/email-verify-otp-view.js'),
  EmailVerifyDevice: () => import('../views/email-verify-device-view.js'),
  ConnectingSocial: () => import('../views/connecting-social-view.js'),
  ConnectingFarcaster: () => import('../views/connecting-farcaster-view.js'),
  UpdateEmail: () => import('../views/update-email-view.js'),
  UpdateEmailPrimaryOtp: () => import('../views/update-email-otp-view.js'),
  UpdateEmailSecondaryOtp: () => import('../views/update-email-otp-view.js'),
  ApproveRequest: () => import('../views/approve-request-view.js'),
  ActionNotAllowed: () => import('../views/action-not-allowed-view.js'),
}

const loaded = new Map<ViewName, ComponentType>()
const pending = new Map<ViewName, Promise<ComponentType>>()

export function hasView(name: ViewName): boolean {
  return name in loaders
}

export function loadView(name: ViewName): Promise<ComponentType> {
  const cached = loaded.get(name)
  if (cached) return Promise.resolve(cached)
  let promise = pending.get(name)
  if (!promise) {
    const loader = loaders[name]
    if (!loader) return Promise.reject(new Error(`No view named ${name}`))
    promise = loader().then((module) => {
      loaded.set(name, module.default)
      return module.default
    })
    pending.set(name, promise)
    // A failed chunk load may succeed on the next attempt.
    promise.catch(() => pending.delete(name))
  }
  return promise
}

/** Returns the view component, suspending only while its chunk is still loading. */
export function useView(name: ViewName): ComponentType {
  return loaded.get(name) ?? use(loadView(name))
}
