import { defineMessages } from '@portico/core'

export const activityMessages = defineMessages({
  id: 'activity',
  messages: {
    activity: 'Activity',
    activityTitle: 'Activity',
    noActivity: 'No transactions yet',
    noActivityBody: 'Transactions of this account on this network show up here.',
    failedToFetchTransactions: 'Failed to fetch transactions',
    loadingActivity: 'Loading activity…',
    sent: 'Sent',
    received: 'Received',
    bought: 'Bought',
    contractCall: 'Contract call',
    failed: 'Failed',
    tryAgain: 'Try again',
  },
})
