import { defineMessages } from '@portico/core/internal'

/** The sign-in views' own text (codes, device link, social and Farcaster windows, e-mail change); it loads with them. */
export const authViewMessages = defineMessages({
  id: 'auth-view',
  messages: {
    otpTitle: 'Enter the code',
    otpBody: 'We sent a 6-digit code to {email}.',
    stepUpTitle: 'Confirm it is you',
    stepUpBody: 'To use your wallet on this device, enter the code we sent to {email}.',
    resendCode: 'Resend code',
    resendIn: 'Resend code in {n} s',
    checkingCode: 'Checking the code…',
    signingIn: 'Signing in…',
    deviceBody: 'We sent a link to {email}. Open it to approve this device; this page goes on by itself.',
    socialBody: 'Finish signing in in the {provider} window.',
    popupBlocked: 'Your browser blocked the sign-in window. Open it with the link below.',
    openSignInWindow: 'Open the {provider} sign-in window',
    farcasterTitle: 'Sign in with Farcaster',
    farcasterBody: 'Scan with your Farcaster app, or open the link, and approve the sign-in.',
    farcasterQrLabel: 'Sign in with Farcaster code',
    openFarcaster: 'Open Farcaster',
    farcasterCode: 'Approve only if Farcaster shows this code: {code}',
    passkeyBody: 'Choose in the wallet’s sheet: sign in with your passkey, or create one for a new account.',
    newEmailLabel: 'New e-mail',
    updateEmailPrimaryBody: 'Enter the code we sent to your current address, {email}.',
    updateEmailSecondaryBody: 'Enter the code we sent to {email}.',
    exportKeyBody:
      'Your private key opens in a Portico wallet window, once you confirm your recovery code or passkey there. This page never sees it.',
    exportKeyContinue: 'Continue',
    exportKeyWaiting: 'Continue in the Portico wallet window.',
    exportKeyDone: 'Your key is shown in the wallet window. Close that window when you are done.',
    exportKeyCancelled: 'The key export was cancelled.',
    exportKeyUnavailable:
      'This wallet has no recovery code or passkey of your own yet, so its key cannot be exported here.',
    exportKeyLocked: 'Too many wrong tries. Try again later.',
    exportKeyBack: 'Back',
    connectionFailed: 'Connection failed',
    tryAgain: 'Try again',
  },
})
