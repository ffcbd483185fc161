/** EIP-5792's error codes the wallet answers with. */
export const CALLS_ERRORS = {
  unsupportedCapability: 5700,
  unsupportedChain: 5710,
  unknownBundle: 5730,
  bundleTooLarge: 5740,
  atomicityNotSupported: 5760,
} as const

/** Enough calls for any dApp flow (approve + swap + …), few enough for the sheet to show each one. */
export const MAX_CALLS = 10
