import { defineMessages } from '@portico/core/internal'

/** What the modal needs of names before their views open: the titles and the Account row. */
export const namesMessages = defineMessages({
  id: 'names',
  messages: {
    chooseName: 'Choose a name',
    registerTitle: 'Choose a name',
    successTitle: 'Name registered',
  },
})
