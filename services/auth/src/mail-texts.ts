import { type MailLanguage, mailText } from './mail-language.js'
import type { OutgoingMail } from './mailer.js'

/** Every mail the service sends, in one place. Plain text: nothing a client sent is pasted in verbatim. */

export const codeMail = (to: string, code: string, language?: MailLanguage): OutgoingMail => ({
  to,
  subject: mailText(language, 'codeSubject', { code }),
  text: mailText(language, 'codeBody', { code }),
})

export const deviceLinkMail = (to: string, link: string, language?: MailLanguage): OutgoingMail => ({
  to,
  subject: mailText(language, 'deviceSubject'),
  text: mailText(language, 'deviceBody', { link }),
})

/** The codes of an e-mail change say which step they confirm: the current address, then the new one. */
export const emailChangeCodeMail = (
  to: string,
  code: string,
  step: 'update-primary' | 'update-secondary',
  language?: MailLanguage,
): OutgoingMail =>
  step === 'update-primary'
    ? {
        to,
        subject: mailText(language, 'changePrimarySubject', { code }),
        text: mailText(language, 'changePrimaryBody', { code }),
      }
    : {
        to,
        subject: mailText(language, 'changeSecondarySubject', { code }),
        text: mailText(language, 'changeSecondaryBody', { code }),
      }

/** Same subject pattern as the sign-in code, so the visitor finds it the same way. */
export const stepUpMail = (to: string, code: string, language?: MailLanguage): OutgoingMail => ({
  to,
  subject: mailText(language, 'codeSubject', { code }),
  text: mailText(language, 'stepUpBody', { code }),
})

export const recoveryNoticeMail = (
  to: string,
  device: { description: string; ip: string; at: Date },
  language?: MailLanguage,
): OutgoingMail => ({
  to,
  subject: mailText(language, 'recoverySubject'),
  text: mailText(language, 'recoveryBody', {
    device: device.description,
    ip: device.ip,
    time: device.at
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d+Z$/, ' UTC'),
  }),
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
export function describeDevice(userAgent: string | undefined, language?: MailLanguage): string {
  const ua = userAgent ?? ''
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1]
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1]
  if (browser && system) return mailText(language, 'browserOnSystem', { browser, system })
  return browser ?? system ?? mailText(language, 'unknownBrowser')
}
