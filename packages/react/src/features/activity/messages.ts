import { defineMessages } from '@portico/core'
import { reactTranslation } from '../../locales/react-translation.js'

/** What the modal needs of Activity before its view opens: the title and the Account row's label. */
export const activityMessages = defineMessages({
  id: 'activity',
  load: reactTranslation('activity'),
  messages: {
    activity: 'Activity',
    activityTitle: 'Activity',
  },
})
