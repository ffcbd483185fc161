import { defineMessages } from '@portico/core/internal'

/**
 * The notices that name the config setting of a Portico service the page cannot reach (a set-up
 * mistake, usually); they load with the notice, only once a service has failed. The explorer's is the
 * Connect view's own (`walletListUnreachable`).
 */
export const setupErrorMessages = defineMessages({
  id: 'setup-errors',
  messages: {
    chainApi:
      'Balances and activity could not be loaded from {url}. Check chainApiUrl in the Portico config.',
    relay: 'The WalletConnect relay at {url} cannot be reached. Check relayUrl in the Portico config.',
  },
})
