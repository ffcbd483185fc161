import { defineMessages } from '@portico/core/internal'

/** The strings of the components several features share. */
export const componentMessages = defineMessages({
  id: 'components',
  messages: {
    otpDigit: 'Digit {n} of 6',
    otpGroup: 'One-time code',
  },
})
