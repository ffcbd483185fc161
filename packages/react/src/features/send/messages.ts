import { defineMessages } from '@portico/core'
import { reactTranslation } from '../../locales/react-translation.js'

/** What the modal needs of Send and Receive before their views open: titles and the Account rows' labels. */
export const sendMessages = defineMessages({
  id: 'send',
  load: reactTranslation('send'),
  messages: {
    send: 'Send',
    sendTitle: 'Send',
    previewTitle: 'Preview send',
    receive: 'Receive',
    receiveTitle: 'Receive',
  },
})
