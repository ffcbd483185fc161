import { defineMessages } from '@portico/core'
import { reactTranslation } from '../../locales/react-translation.js'

/** What the modal needs of the on-ramp before its views open: the Account row and the titles. */
export const onrampMessages = defineMessages({
  id: 'onramp',
  load: reactTranslation('onramp'),
  messages: {
    buy: 'Buy crypto',
    buyTitle: 'Buy crypto',
    buyInProgressTitle: 'Buying',
  },
})
