import { defineMessages } from '@portico/core'
import { defineFeature } from '../define-feature.js'

declare module '@portico/core' {
  interface ViewRegistry {
    UpdateEmail: undefined
  }
}

/** The views not yet moved into a feature folder, with the core catalogue's titles. */
export const legacy = defineFeature({
  id: 'legacy',
  messages: defineMessages({
    id: 'legacy',
    messages: {
      connectTitle: 'Connect wallet',
      emailLabel: 'Email',
      deviceTitle: 'Confirm this device',
      farcaster: 'Farcaster',
      updateEmailTitle: 'Change your e-mail',
      approveTitle: 'Approve request',
      actionNotAllowed: 'Action not allowed',
      updateEmail: 'Change e-mail',
    },
  }),
  views: {
    EmailVerifyOtp: { title: 'emailLabel', load: () => import('../../views/email-verify-otp-view.js') },
    EmailVerifyDevice: {
      title: 'deviceTitle',
      load: () => import('../../views/email-verify-device-view.js'),
    },
    ConnectingSocial: { title: 'connectTitle', load: () => import('../../views/connecting-social-view.js') },
    ConnectingFarcaster: {
      title: 'farcaster',
      load: () => import('../../views/connecting-farcaster-view.js'),
    },
    UpdateEmail: { title: 'updateEmailTitle', load: () => import('../../views/update-email-view.js') },
    UpdateEmailPrimaryOtp: {
      title: 'updateEmailTitle',
      load: () => import('../../views/update-email-otp-view.js'),
    },
    UpdateEmailSecondaryOtp: {
      title: 'updateEmailTitle',
      load: () => import('../../views/update-email-otp-view.js'),
    },
    ApproveRequest: { title: 'approveTitle', load: () => import('../../views/approve-request-view.js') },
    ActionNotAllowed: {
      title: 'actionNotAllowed',
      load: () => import('../../views/action-not-allowed-view.js'),
    },
  },
  accountRows: [{ view: 'UpdateEmail', label: 'updateEmail', visible: ({ embedded }) => embedded }],
})
