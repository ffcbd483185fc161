import { defineMessages } from '@portico/core/internal'

/** What the modal needs of swap before a swap view opens: the Account row and the view titles. */
export const swapMessages = defineMessages({
  id: 'swap',
  messages: {
    swap: 'Swap',
    swapTitle: 'Swap',
    selectTokenTitle: 'Select token',
    previewTitle: 'Review swap',
  },
})
