import { defineMessages } from '@portico/core/internal'

/** What the modal needs of the help view before it opens: its title (also the Connect view's help button). */
export const helpMessages = defineMessages({
  id: 'help',
  messages: {
    whatIsAWalletTitle: 'What is a wallet?',
  },
})
