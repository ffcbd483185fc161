import type { OutgoingMail } from './mailer.js'

/** Every mail the service sends, in one place. Plain text: nothing a client sent is pasted in verbatim. */

export const codeMail = (to: string, code: string): OutgoingMail => ({
  to,
  subject: `Your Portico sign-in code: ${code}`,
  text: `Your Portico code is ${code}.\n\nIt is valid for 10 minutes, can be used once, and only in the window that asked for it. If you did not ask for it, ignore this mail.`,
})

export const deviceLinkMail = (to: string, link: string): OutgoingMail => ({
  to,
  subject: 'Confirm your new device',
  text: `Someone (hopefully you) is signing in to Portico from a new device.\n\nConfirm it here: ${link}\n\nThe link is valid for 15 minutes. If it was not you, ignore this mail.`,
})

/** The codes of an e-mail change say which step they confirm: the current address, then the new one. */
export const emailChangeCodeMail = (
  to: string,
  code: string,
  step: 'update-primary' | 'update-secondary',
): OutgoingMail =>
  step === 'update-primary'
    ? {
        to,
        subject: `Confirm your e-mail change: ${code}`,
        text: `Your code is ${code}.\n\nSomeone (hopefully you) asked to change the e-mail of your Portico account. Enter this code to confirm it is you; the new address gets a code of its own next. It is valid for 10 minutes and can be used once. If it was not you, ignore this mail: nothing changes.`,
      }
    : {
        to,
        subject: `Confirm your new e-mail: ${code}`,
        text: `Your code is ${code}.\n\nEnter it to make this address the e-mail of your Portico account. It is valid for 10 minutes and can be used once. If you did not ask for this, ignore this mail: nothing changes.`,
      }

/** Same subject pattern as the sign-in code, so the visitor finds it the same way. */
export const stepUpMail = (to: string, code: string): OutgoingMail => ({
  to,
  subject: `Your Portico sign-in code: ${code}`,
  text: `Your Portico code is ${code}.\n\nEnter it to use your wallet on the device you just signed in on. It is valid for 10 minutes and can be used once.\n\nIf you did not just sign in on a new device, someone else may have access to your account: do not share this code, and change the password of the account you sign in with.`,
})

export const recoveryNoticeMail = (
  to: string,
  device: { description: string; ip: string; at: Date },
): OutgoingMail => ({
  to,
  subject: 'Your Portico wallet was opened on a new device',
  text: `Your Portico wallet key was recovered on a new device.\n\nDevice: ${device.description}\nNetwork address: ${device.ip}\nTime: ${device.at
    .toISOString()
    .replace('T', ' ')
    .replace(
      /\.\d+Z$/,
      ' UTC',
    )}\n\nIf this was you, there is nothing to do. If it was not, move your funds to a new wallet and secure the account you sign in with.`,
})

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
]
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
]

/** "Firefox on Linux" from a User-Agent header; only these fixed words reach the mail. */
export function describeDevice(userAgent: string | undefined): string {
  const ua = userAgent ?? ''
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1]
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1]
  if (browser && system) return `${browser} on ${system}`
  return browser ?? system ?? 'An unknown browser'
}
