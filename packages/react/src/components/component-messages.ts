import { defineMessages } from '@portico/core'
import { reactTranslation } from '../locales/react-translation.js'

/** The strings of the components several features share. */
export const componentMessages = defineMessages({
  id: 'components',
  load: reactTranslation('components'),
  messages: {
    otpDigit: 'Digit {n} of 6',
    otpGroup: 'One-time code',
  },
})
