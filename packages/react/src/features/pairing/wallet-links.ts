import type { WalletListing } from '@portico/core/internal'

const isWebLink = (value: string | null | undefined): value is string =>
  typeof value === 'string' && /^https:\/\//.test(value)

/**
 * Where a visitor without the wallet gets it: the app store of this phone's platform, else the wallet's
 * homepage (a desktop visitor, or a listing without that store's page).
 */
export function getWalletLink(listing: WalletListing, userAgent: string): string | undefined {
  const apple = /iPhone|iPad|iPod/.test(userAgent)
  const android = /Android/.test(userAgent)
  const candidates = apple
    ? [listing.app_store, listing.homepage]
    : android
      ? [listing.play_store, listing.homepage]
      : [listing.homepage, listing.app_store, listing.play_store]
  return candidates.find(isWebLink)
}

/** A phone or tablet: the primary pointer is a finger, and the wallet app is on this device. */
export const isTouchDevice = (): boolean =>
  typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches

/**
 * Opens a wallet's link. A native scheme (`metamask://…`) hands over to the app and leaves the page as it
 * is, so it opens in place; a web (universal) link opens in a new tab so the dApp stays open behind it.
 */
export function openWalletLink(href: string): void {
  window.open(href, /^https?:/i.test(href) ? '_blank' : '_self', 'noreferrer')
}
