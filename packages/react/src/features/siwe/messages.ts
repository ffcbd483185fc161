import { defineMessages } from '@portico/core'
import { reactTranslation } from '../../locales/react-translation.js'

/** What the modal needs of Sign-In With Ethereum before its view opens: the title. */
export const siweMessages = defineMessages({
  id: 'siwe',
  load: reactTranslation('siwe'),
  messages: {
    siweTitle: 'Sign in',
  },
})
