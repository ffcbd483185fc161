import { defineMessages } from '@portico/core/internal'

/** The Activity view's own text; it loads with the view. */
export const activityViewMessages = defineMessages({
  id: 'activity-view',
  messages: {
    noActivity: 'No transactions yet',
    noActivityBody: 'Transactions of this account on this network show up here.',
    failedToFetchTransactions: 'Failed to fetch transactions',
    loadingActivity: 'Loading activity…',
    sent: 'Sent',
    received: 'Received',
    bought: 'Bought',
    swapped: 'Swapped',
    approved: 'Approved',
    contractCall: 'Contract call',
    failed: 'Failed',
    toCounterparty: 'To {who}',
    fromCounterparty: 'From {who}',
    withCounterparty: 'With {who}',
    swapDetail: '{from} to {to}',
    approvalDetail: '{amount} for {who}',
    unlimitedAmount: 'Unlimited {symbol}',
    registeredName: 'Registered {name}',
    tryAgain: 'Try again',
    viewTransaction: '(view on block explorer)',
  },
})
