import { defineMessages } from '@portico/core'
import { reactTranslation } from '../../locales/react-translation.js'

/** What the modal needs of WalletConnect pairing before its view opens: the title. */
export const pairingMessages = defineMessages({
  id: 'pairing',
  load: reactTranslation('pairing'),
  messages: {
    walletConnect: 'WalletConnect',
  },
})
