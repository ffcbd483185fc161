import { defineMessages } from '@portico/core/internal'

/** What the modal needs of Sign-In With Ethereum before its view opens: the title. */
export const siweMessages = defineMessages({
  id: 'siwe',
  messages: {
    siweTitle: 'Sign in',
  },
})
