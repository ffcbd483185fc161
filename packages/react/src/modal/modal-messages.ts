import { defineMessages } from '@portico/core'
import { reactTranslation } from '../locales/react-translation.js'

/** The modal shell's own strings: its label and the header buttons. */
export const modalMessages = defineMessages({
  id: 'modal',
  load: reactTranslation('modal'),
  messages: {
    modalLabel: 'Portico',
    close: 'Close',
    back: 'Back',
  },
})
