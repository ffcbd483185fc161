import { defineMessages } from '@portico/core/internal'

/** What the modal needs of the account views before they open: their titles. */
export const accountMessages = defineMessages({
  id: 'account',
  messages: {
    accountTitle: 'Account',
    networksTitle: 'Choose network',
    unsupportedChainTitle: 'Switch network',
  },
})
