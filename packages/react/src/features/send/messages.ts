import { defineMessages } from '@portico/core/internal'

/** What the modal needs of Send and Receive before their views open: titles and the Account rows' labels. */
export const sendMessages = defineMessages({
  id: 'send',
  messages: {
    send: 'Send',
    sendTitle: 'Send',
    previewTitle: 'Preview send',
    receive: 'Receive',
    receiveTitle: 'Receive',
  },
})
