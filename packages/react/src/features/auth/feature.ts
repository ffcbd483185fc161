import { defineFeature } from '../define-feature.js'
import { authMessages } from './messages.js'
import { SignInSection } from './sign-in-section.js'

declare module '@portico/core' {
  interface ViewRegistry {
    /** The new address of an e-mail change. */
    UpdateEmail: undefined
    /** Key export of the embedded wallet (shown in the wallet's own window). */
    ExportKey: undefined
  }
}

const updateEmailOtp = () => import('./update-email-otp-view.js')

export const auth = defineFeature({
  id: 'auth',
  enabled: (config) => config.features.email || config.features.socials.length > 0 || config.features.passkey,
  messages: authMessages,
  views: {
    EmailVerifyOtp: { title: 'emailLabel', load: () => import('./email-verify-otp-view.js') },
    EmailVerifyDevice: { title: 'deviceTitle', load: () => import('./email-verify-device-view.js') },
    ConnectingSocial: { title: 'connectTitle', load: () => import('./connecting-social-view.js') },
    ConnectingFarcaster: { title: 'farcaster', load: () => import('./connecting-farcaster-view.js') },
    ConnectingPasskey: { title: 'passkeyTitle', load: () => import('./connecting-passkey-view.js') },
    UpdateEmail: { title: 'updateEmailTitle', load: () => import('./update-email-view.js') },
    ExportKey: { title: 'exportKey', load: () => import('./export-key-view.js') },
    UpdateEmailPrimaryOtp: { title: 'updateEmailTitle', load: updateEmailOtp },
    UpdateEmailSecondaryOtp: { title: 'updateEmailTitle', load: updateEmailOtp },
    ApproveRequest: { title: 'approveTitle', load: () => import('./approve-request-view.js') },
    ActionNotAllowed: { title: 'actionNotAllowed', load: () => import('./action-not-allowed-view.js') },
  },
  accountRows: [
    { view: 'UpdateEmail', label: 'updateEmail', visible: ({ emailSignIn }) => emailSignIn },
    // The embedded wallet's key only: a wallet of the visitor's own exports its key itself.
    { view: 'ExportKey', label: 'exportKey', visible: ({ embedded }) => embedded },
  ],
  connectSection: SignInSection,
})
