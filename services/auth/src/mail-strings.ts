/**
 * Every text the auth service writes to a visitor, in English, by stable id: the mails, the pages a
 * mail's link opens and the pages of the social sign-in window. `{name}` placeholders are filled by `mailText`; translations live in `mail-locales/`.
 */
export const mailStrings = {
  codeSubject: 'Your Portico sign-in code: {code}',
  codeBody:
    'Your Portico code is {code}.\n\nIt is valid for 10 minutes, can be used once, and only in the window that asked for it. If you did not ask for it, ignore this mail.',
  deviceSubject: 'Confirm your new device',
  deviceBody:
    'Someone (hopefully you) is signing in to Portico from a new device.\n\nConfirm it here: {link}\n\nThe link is valid for 15 minutes. If it was not you, ignore this mail.',
  changePrimarySubject: 'Confirm your e-mail change: {code}',
  changePrimaryBody:
    'Your code is {code}.\n\nSomeone (hopefully you) asked to change the e-mail of your Portico account. Enter this code to confirm it is you; the new address gets a code of its own next. It is valid for 10 minutes and can be used once. If it was not you, ignore this mail: nothing changes.',
  changeSecondarySubject: 'Confirm your new e-mail: {code}',
  changeSecondaryBody:
    'Your code is {code}.\n\nEnter it to make this address the e-mail of your Portico account. It is valid for 10 minutes and can be used once. If you did not ask for this, ignore this mail: nothing changes.',
  stepUpBody:
    'Your Portico code is {code}.\n\nEnter it to use your wallet on the device you just signed in on. It is valid for 10 minutes and can be used once.\n\nIf you did not just sign in on a new device, someone else may have access to your account: do not share this code, and change the password of the account you sign in with.',
  recoverySubject: 'Your Portico wallet was opened on a new device',
  recoveryBody:
    'Your Portico wallet key was recovered on a new device.\n\nDevice: {device}\nNetwork address: {ip}\nTime: {time}\n\nIf this was you, there is nothing to do. If it was not, move your funds to a new wallet and secure the account you sign in with.',
  browserOnSystem: '{browser} on {system}',
  unknownBrowser: 'An unknown browser',
  confirmDeviceTitle: 'Confirm this device',
  confirmDeviceBody: 'A sign-in to Portico for {email} is waiting on a new device.',
  confirmDeviceButton: 'Confirm this device',
  linkInvalidTitle: 'This link is no longer valid',
  linkInvalidBody: 'It was used already or has expired. Start the sign-in again.',
  deviceConfirmedTitle: 'Device confirmed',
  deviceConfirmedBody: 'We mailed you a sign-in code. Go back to the app and enter it.',
  deviceConfirmedRateLimited:
    'Too many mails went to this address lately: ask the app for a new code in a while.',
  // The sign-in window's pages (social sign-in): its start, the provider's return, and its repost.
  signInTitle: 'Sign-in',
  signInOpening: 'Opening the sign-in page…',
  signInNotFromSite:
    'Start this sign-in from the site you want to sign in to. A sign-in link that someone sent you cannot be used.',
  signInLinkUsed: 'This sign-in link has expired or was already used. Close this window and try again.',
  signInExpired: 'This sign-in link has expired. Close this window and try again.',
  signInOtherBrowser:
    'This sign-in was started in another browser, so it was stopped. Start it again from the site you want to sign in to.',
  signInFailed: 'The sign-in did not succeed. Close this window and try again.',
  signInComplete: 'Sign-in complete. You can close this window.',
  signInContinue: 'Continue',
} as const

export type MailStringKey = keyof typeof mailStrings

/** The service's text in one locale. */
export type MailTranslation = { readonly [K in MailStringKey]?: string }
