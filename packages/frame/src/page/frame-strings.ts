import { type TranslatedLocale, translatedLocaleFor } from '@portico/wire'

import {
  type FramePluralForms,
  type FramePluralKey,
  type FrameStringKey,
  type FrameTranslation,
  type FrameValue,
  frameStrings,
} from './frame-source-strings.js'

// The source strings and their types are this module's to export too: callers import the frame's text from here.
export * from './frame-source-strings.js'

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
