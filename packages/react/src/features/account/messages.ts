import { defineMessages } from '@portico/core'
import { reactTranslation } from '../../locales/react-translation.js'

/** What the modal needs of the account views before they open: their titles. */
export const accountMessages = defineMessages({
  id: 'account',
  load: reactTranslation('account'),
  messages: {
    accountTitle: 'Account',
    networksTitle: 'Choose network',
    unsupportedChainTitle: 'Switch network',
  },
})
