import { defineMessages } from '@portico/core'

/**
 * The notices that name the config setting of a Portico service the page cannot reach (a set-up
 * mistake, usually); they load with the notice, only once a service has failed.
 */
export const setupErrorMessages = defineMessages({
  id: 'setup-errors',
  messages: {
    explorer: 'The wallet list could not be loaded from {url}. Check explorerUrl in the Portico config.',
    chainApi:
      'Balances and activity could not be loaded from {url}. Check chainApiUrl in the Portico config.',
    relay: 'The WalletConnect relay at {url} cannot be reached. Check relayUrl in the Portico config.',
  },
})
