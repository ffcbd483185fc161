import { type TranslatedLocale, translatedLocaleFor } from '@portico/wire'

/** The forms of a counted string, one per plural category of the locale (Intl.PluralRules); `other` is required. */
export type FramePluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { readonly other: string }

/**
 * Every string the wallet frame shows a visitor; `{name}` placeholders are filled by `frameText`, and a
 * counted string (plural forms, `{n}` the count) by `framePlural`.
 */
export const frameStrings = {
  approveTitle: 'Approve request',
  requestedBy: '{origin} asks your wallet to:',
  signMessage: 'Sign this message',
  signTypedData: 'Sign this typed data',
  sendTransaction: 'Send this transaction',
  signTransaction: 'Sign this transaction',
  typedDataDomain: 'App',
  typedDataType: 'Type',
  to: 'To',
  contractCreation: 'New contract',
  amount: 'Amount',
  networkFee: 'Network fee',
  feeUnknown: 'Could not be estimated',
  balance: 'Balance',
  contractCall: 'This transaction also calls a contract.',
  network: 'Network',
  programCall: 'This transaction also runs other programs.',
  unknownTransaction: 'This transaction runs programs the wallet cannot describe.',
  insufficientFunds: 'Insufficient funds for this transaction',
  sendCalls: 'Send these calls in one transaction',
  askSendCalls: 'send several calls in one transaction',
  callHeading: 'Call {number} of {count}',
  tokenTransfer: 'Sends {amount} to {to}',
  tokenApproval: 'Lets {spender} spend {amount}',
  tokenApprovalUnlimited: 'Lets {spender} spend all your {symbol}',
  contractCallUnknown: 'Calls a contract the wallet cannot describe.',
  upgradeAccount:
    'This also upgrades your account to a smart account (EIP-7702). Your address stays the same.',
  allOrNothing: 'All calls succeed together, or none does.',
  upgradeTitle: 'Upgrade to a smart account',
  upgradeExplained:
    'Your account gets smart-account features through EIP-7702, such as sending several calls in one transaction. This costs one network fee.',
  upgradeStays: 'Your address, balances and names stay the same.',
  askUpgrade: 'upgrade your account to a smart account',
  chainId: 'Chain ID',
  approve: 'Approve',
  reject: 'Reject',
  secured: 'Secured by the Portico wallet · {host}',
  notVisible: 'Approve works once this window is fully visible.',
  windowTitle: 'Approve request · Portico wallet',
  windowOrphan: 'This window shows a wallet request only when the wallet opens it. You can close it.',
  launcherTitle: 'Review request',
  launcherBody:
    '{origin} asks you to {action}. Review it in a {host} window, where you approve or reject it.',
  askSignMessage: 'sign a message',
  askSignTypedData: 'sign typed data',
  askSendTransaction: 'send a transaction',
  askSignTransaction: 'sign a transaction',
  reviewInWindow: 'Review in wallet window',
  windowOpenTitle: 'Continue in the wallet window',
  windowOpenBody: 'The request is open in a {host} window. Approve or reject it there.',
  showWindow: 'Show wallet window',
  popupBlocked: 'Your browser blocked the wallet window. Allow pop-ups for {host}, then try again.',
  protectTitle: 'Protect your wallet',
  protectIntro:
    'Only you can open this wallet on a new device: keep a passkey or this recovery code. We cannot recover it for you.',
  usePasskey: 'Use a passkey',
  passkeyFailed: 'No passkey was made. Save the recovery code instead.',
  recoveryCode: 'Recovery code',
  recoveryCodeHint: 'Write it down or keep it in your password manager. It is shown only once.',
  savedCode: 'I saved my recovery code',
  notNow: 'Cancel',
  unlockTitle: 'Open your wallet on this device',
  unlockCodeIntro: 'Enter the recovery code you saved when you made this wallet.',
  unlockPasskeyIntro: 'Use the passkey you made for this wallet.',
  openWallet: 'Open wallet',
  wrongCode: 'This code does not open your wallet. Check it and try again.',
  noPasskey: 'No passkey opened this wallet. Try again, or use the device that has it.',
  checking: 'Opening your wallet…',
  exportTitle: 'Export private key',
  exportWindowTitle: 'Export private key · Portico wallet',
  exportWarning:
    'Anyone with this key controls your wallet and everything in it. Never share it or enter it on a website. The app you came from cannot see it.',
  exportCodeIntro: 'Enter your recovery code to confirm it is you.',
  exportPasskeyIntro: 'Use your wallet’s passkey to confirm it is you.',
  exportShowKey: 'Show private key',
  exportChecking: 'Checking…',
  exportNotACode: 'This is not a recovery code. Check it and try again.',
  exportWrongCode: {
    one: 'This code does not match your wallet. {n} try left.',
    other: 'This code does not match your wallet. {n} tries left.',
  },
  exportLocked: {
    one: 'Too many wrong tries. Try again in {n} minute.',
    other: 'Too many wrong tries. Try again in {n} minutes.',
  },
  exportShown: 'Confirmed. Reveal a key to see it.',
  exportEvmKey: 'EVM private key',
  exportSolanaKey: 'Solana private key',
  exportReveal: 'Reveal',
  exportHide: 'Hide',
  exportCopy: 'Copy',
  exportCopied: 'Copied to the clipboard.',
  exportCopyFailed: 'Could not copy. Select the key and copy it yourself.',
  exportClose: 'Close',
  exportLauncherBody: 'Your private key is shown only in a {host} window, once you confirm it is you.',
  exportWindowOpenBody: 'Confirm it is you in the {host} window to see your key.',
  exportContinue: 'Continue in wallet window',
  passkeyTitle: 'Continue with a passkey',
  passkeyIntro:
    'Sign in with a passkey you saved for this wallet, or create one: it becomes your account, no e-mail needed, and it also unlocks your wallet on your other devices.',
  passkeySignIn: 'Sign in with a passkey',
  passkeyCreate: 'Create a passkey',
  passkeyWaiting: 'Follow your browser’s passkey prompt…',
} as const

type FrameStrings = typeof frameStrings

/** The keys of the frame's plain strings. */
export type FrameStringKey = {
  [K in keyof FrameStrings]: FrameStrings[K] extends string ? K : never
}[keyof FrameStrings]

/** The keys of the frame's counted strings. */
export type FramePluralKey = Exclude<keyof FrameStrings, FrameStringKey>

/** The frame's text in one locale: every key, or what a translation lacks shows in English. */
export type FrameTranslation = {
  readonly [K in keyof FrameStrings]?: FrameStrings[K] extends string ? string : FramePluralForms
}

/** A value put into a text as is, or one kept left to right (an origin, an address, an amount). */
export type FrameValue = string | { readonly ltr: string }

/** One chunk per locale, fetched when the dApp's locale needs it. */
const frameLocaleFiles: Record<TranslatedLocale, () => Promise<{ default: FrameTranslation }>> = {
  ar: () => import('./frame-locales/ar.js'),
  de: () => import('./frame-locales/de.js'),
  es: () => import('./frame-locales/es.js'),
  fa: () => import('./frame-locales/fa.js'),
  fr: () => import('./frame-locales/fr.js'),
  he: () => import('./frame-locales/he.js'),
  hi: () => import('./frame-locales/hi.js'),
  id: () => import('./frame-locales/id.js'),
  it: () => import('./frame-locales/it.js'),
  ja: () => import('./frame-locales/ja.js'),
  ko: () => import('./frame-locales/ko.js'),
  nl: () => import('./frame-locales/nl.js'),
  pl: () => import('./frame-locales/pl.js'),
  'pt-BR': () => import('./frame-locales/pt-BR.js'),
  ru: () => import('./frame-locales/ru.js'),
  th: () => import('./frame-locales/th.js'),
  tr: () => import('./frame-locales/tr.js'),
  uk: () => import('./frame-locales/uk.js'),
  vi: () => import('./frame-locales/vi.js'),
  'zh-CN': () => import('./frame-locales/zh-CN.js'),
  'zh-TW': () => import('./frame-locales/zh-TW.js'),
}

let active: { locale: string; text: FrameTranslation } = { locale: 'en', text: {} }
let pendingLocale: string | undefined

/** The locale the frame's text is in: the dApp's, once told and loaded; English before. */
export function frameLocale(): string {
  return active.locale
}

/**
 * The dApp's locale as soon as it is told, before its text has loaded: what the auth service writes its
 * mails in (a sign-in asked for while the frame's own translation still loads gets the mail in it too).
 */
export function requestedLocale(): string {
  return pendingLocale ?? active.locale
}

/**
 * Follows the dApp's locale (told with the theme): loads its translation, or English where none ships.
 * A locale that changes again while one loads keeps the last one asked for.
 */
export async function setFrameLocale(locale: string): Promise<void> {
  const file = translatedLocaleFor(locale)
  const requested = locale
  pendingLocale = requested
  const text = file ? (await frameLocaleFiles[file]()).default : {}
  if (pendingLocale === requested) active = { locale: file ? locale : 'en', text }
}

/** The string `key` in the frame's locale, `{name}` placeholders filled with `values`. */
export function frameText(key: FrameStringKey, values: Readonly<Record<string, FrameValue>> = {}): string {
  return frameParts(key, values)
    .map((part) => (typeof part === 'string' ? part : part.ltr))
    .join('')
}

/**
 * The string `key` split where its values go: its words, and the values given as `{ ltr }` apart, so a
 * sheet isolates them (an origin or an address stays left to right inside Arabic text).
 */
export function frameParts(
  key: FrameStringKey,
  values: Readonly<Record<string, FrameValue>> = {},
): FrameValue[] {
  return fillParts(active.text[key] ?? frameStrings[key], values)
}

const pluralRules = new Map<string, Intl.PluralRules>()

/**
 * The form of the counted string `key` that fits `count`, by the plural rules of the language its text
 * is in (an English fallback takes English forms), `{n}` written as the frame's locale writes numbers.
 */
export function framePlural(
  key: FramePluralKey,
  count: number,
  values: Readonly<Record<string, FrameValue>> = {},
): string {
  const translated = active.text[key]
  const language = translated ? active.locale : 'en'
  let rules = pluralRules.get(language)
  if (!rules) {
    rules = new Intl.PluralRules(language)
    pluralRules.set(language, rules)
  }
  const forms: FramePluralForms = translated ?? frameStrings[key]
  const template = forms[rules.select(count)] ?? forms.other
  return fillParts(template, { ...values, n: formatFrameNumber(count) })
    .map((part) => (typeof part === 'string' ? part : part.ltr))
    .join('')
}

/** A count as the frame's locale writes it (`1.234` in de, `١٢` in ar). */
export function formatFrameNumber(value: number): string {
  return new Intl.NumberFormat(active.locale).format(value)
}

/** `template`'s words and, in place of each `{name}`, its value; an unknown name stays as written. */
function fillParts(template: string, values: Readonly<Record<string, FrameValue>>): FrameValue[] {
  return template
    .split(/(\{\w+\})/)
    .filter((part) => part !== '')
    .map((part) => (/^\{\w+\}$/.test(part) ? (values[part.slice(1, -1)] ?? part) : part))
}
