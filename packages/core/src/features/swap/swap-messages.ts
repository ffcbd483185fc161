import { defineMessages } from '../../i18n/catalogue.js'

/** The swap flow's toasts (spec §8); they load with the swap controller, not with the modal. */
export const swapToastMessages = defineMessages({
  id: 'swap-toasts',
  messages: {
    failedToInitialize: 'Failed to initialize swap',
    failedToFetchNetworkTokenPrice: 'Failed to fetch network token price',
    failedToCheckAllowance: 'Failed to check allowance',
    failedToCreateApproval: 'Failed to create approval transaction',
    failedToCreateTransaction: 'Failed to create transaction',
    transactionError: 'Transaction error',
    sponsorUnavailable: 'The service that pays this swap’s network fee cannot be reached. Try again later.',
    approveInWallet: 'Approve limit increase in your wallet',
    confirmInWallet: 'Confirm transaction in your wallet',
    swapping: 'Swapping {from} {fromSymbol} to {to} {toSymbol}',
    swapped: 'Swapped {from} {fromSymbol} to {to} {toSymbol}',
  },
})
