import { defineMessages } from '@portico/core/internal'

/** The modal shell's own strings: its label and the header buttons. */
export const modalMessages = defineMessages({
  id: 'modal',
  messages: {
    modalLabel: 'Portico',
    close: 'Close',
    back: 'Back',
  },
})
