import { localeDirection, localeFromAcceptLanguage, type TranslatedLocale } from '@portico/wire'
import type { FastifyRequest } from 'fastify'
import { mailTranslations } from './mail-locales/index.js'
import { type MailStringKey, mailStrings } from './mail-strings.js'

/** The language of a mail or page: a shipped translation, or undefined for English. */
export type MailLanguage = TranslatedLocale | undefined

/**
 * The language to write to the visitor in: what the request's Accept-Language asks for first (the wallet
 * frame sends the dApp's locale there; a browser opening a mail's link sends its own).
 */
export function requestLanguage(request: FastifyRequest): MailLanguage {
  const header = request.headers['accept-language']
  return localeFromAcceptLanguage(Array.isArray(header) ? header.join(',') : header)
}

/** A text in `language` (English where it has none), `{name}` placeholders filled with `values`. */
export function mailText(
  language: MailLanguage,
  key: MailStringKey,
  values: Record<string, string> = {},
): string {
  const template = (language && mailTranslations[language][key]) || mailStrings[key]
  return template.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match)
}

/** The `lang` and `dir` of a page written in `language`. */
export function pageLanguage(language: MailLanguage): { lang: string; dir: 'ltr' | 'rtl' } {
  return language ? { lang: language, dir: localeDirection(language) } : { lang: 'en', dir: 'ltr' }
}
