import { defineMessages } from '@portico/core/internal'

/** What the modal needs of Activity before its view opens: the title and the Account row's label. */
export const activityMessages = defineMessages({
  id: 'activity',
  messages: {
    activity: 'Activity',
    activityTitle: 'Activity',
  },
})
