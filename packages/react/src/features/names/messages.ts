import { defineMessages } from '@portico/core'
import { reactTranslation } from '../../locales/react-translation.js'

/** What the modal needs of names before their views open: the titles and the Account row. */
export const namesMessages = defineMessages({
  id: 'names',
  load: reactTranslation('names'),
  messages: {
    chooseName: 'Choose a name',
    registerTitle: 'Choose a name',
    successTitle: 'Name registered',
  },
})
