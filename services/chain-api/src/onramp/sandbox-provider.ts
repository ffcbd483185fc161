import type { OnrampOrder, OnrampProvider } from './onramp-provider.js'

/** Where the chain API serves the sandbox provider's page (routes/sandbox-onramp-route.ts). */
export const SANDBOX_ONRAMP_PATH = '/sandbox-onramp'

/**
 * The local sandbox provider: its page is served by the chain API, takes a test card and pays out from a
 * funded devnet account. Available when the chain API was given that account.
 */
export function createSandboxProvider(options: {
  funded: boolean
  /** Production: the sandbox is off whatever it was given. */
  developmentOnly?: boolean
  chainIds: readonly number[]
}): OnrampProvider {
  return {
    name: 'sandbox',
    listing: (origin) => ({
      name: 'sandbox',
      label: 'Portico Sandbox',
      feeRange: '1-2%',
      url: `${origin}${SANDBOX_ONRAMP_PATH}`,
      supportedChains: options.chainIds.map((id) => `eip155:${id}`),
      available: options.funded,
      ...(options.funded
        ? {}
        : {
            reason: options.developmentOnly
              ? 'Development only: the sandbox pays out nothing in production'
              : 'Not configured: no funded account to pay out from',
          }),
    }),
    buyUrl: (order: OnrampOrder, origin) =>
      `${origin}${SANDBOX_ONRAMP_PATH}/${encodeURIComponent(order.purchaseId)}`,
  }
}
