import { defineMessages } from '@portico/core/internal'

/** What the modal needs of WalletConnect pairing before its view opens: the title. */
export const pairingMessages = defineMessages({
  id: 'pairing',
  messages: {
    walletConnect: 'WalletConnect',
  },
})
