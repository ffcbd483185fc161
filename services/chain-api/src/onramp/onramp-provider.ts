/** What a provider's buy page is opened with: one destination, one asset, and the amounts quoted. */
export interface OnrampOrder {
  /** The purchase id the chain API keeps (history follows it). */
  purchaseId: string
  /** Lower-case 0x destination address. */
  address: string
  chainId: number
  /** The chain as the provider names it (e.g. "ethereum", "base"). */
  network: string
  /** Asset symbol, e.g. "ETH" or "USDC". */
  asset: string
  /** Fiat amount the visitor pays, e.g. "50". */
  paymentAmount: string
  paymentCurrency: string
  /** Amount of the asset quoted, e.g. "0.0162". */
  purchaseAmount: string
  partnerUserId: string
}

/** How an on-ramp provider is listed to the client (Web3Modal's OnRampProvider, plus availability). */
export interface OnrampProviderListing {
  /** Stable id, e.g. "sandbox", "coinbase". */
  name: string
  label: string
  /** Spec §9: "1-2%". */
  feeRange: string
  /** Where its page lives (the generator gives the URL of one purchase). */
  url: string
  /** CAIP-2 ids of the chains it delivers to. */
  supportedChains: string[]
  /** False when not configured here; `reason` says what is missing. */
  available: boolean
  reason?: string
}

/**
 * A provider a purchase can be sent to. The chain API keeps the purchase and its history; the provider
 * turns it into the URL of its buy page. A third provider implements this and is added to the list in
 * onramp-service.ts.
 */
export interface OnrampProvider {
  readonly name: string
  /** Listing for this request's origin (the sandbox serves its page from the chain API itself). */
  listing(origin: string): OnrampProviderListing
  /** The buy page's URL for an order; only called while `listing(...).available`. */
  buyUrl(order: OnrampOrder, origin: string): string
}
