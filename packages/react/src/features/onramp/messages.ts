import { defineMessages } from '@portico/core/internal'

/** What the modal needs of the on-ramp before its views open: the Account row and the titles. */
export const onrampMessages = defineMessages({
  id: 'onramp',
  messages: {
    buy: 'Buy crypto',
    buyTitle: 'Buy crypto',
    buyInProgressTitle: 'Buying',
  },
})
