import { defineFeature } from '../define-feature.js'
import { activityMessages } from './messages.js'

declare module '@portico/core' {
  interface ViewRegistry {
    /** The account's transactions on the current network. */
    Activity: undefined
  }
}

export const activity = defineFeature({
  id: 'activity',
  messages: activityMessages,
  views: {
    Activity: { title: 'activityTitle', load: () => import('./activity-view.js') },
  },
  accountRows: [{ view: 'Activity', label: 'activity' }],
})
