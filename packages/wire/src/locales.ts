import * as z from 'zod/mini'

/** The locales Portico ships a translation for, beside the source English: the modal, the frame and the mails. */
export const TRANSLATED_LOCALES = [
  'ar',
  'de',
  'es',
  'fa',
  'fr',
  'he',
  'hi',
  'id',
  'it',
  'ja',
  'ko',
  'nl',
  'pl',
  'pt-BR',
  'ru',
  'th',
  'tr',
  'uk',
  'vi',
  'zh-CN',
  'zh-TW',
] as const

export type TranslatedLocale = (typeof TRANSLATED_LOCALES)[number]

const RTL_LANGUAGES = new Set(['ar', 'fa', 'he', 'ur', 'ps', 'yi', 'dv', 'ckb', 'sd', 'ug'])

/** The writing direction of a locale's script. */
export function localeDirection(locale: string): 'ltr' | 'rtl' {
  const [language = '', script] = locale.toLowerCase().split('-')
  if (script === 'latn' || script === 'cyrl') return 'ltr'
  return RTL_LANGUAGES.has(language) || script === 'arab' || script === 'hebr' ? 'rtl' : 'ltr'
}

/**
 * The shipped translation that serves `locale`: the exact tag, else Chinese by script (Hant in
 * Taiwan, Hong Kong and Macau), else the one translation of its language (`pt-PT` reads pt-BR).
 */
export function translatedLocaleFor(locale: string): TranslatedLocale | undefined {
  const lower = locale.toLowerCase()
  const exact = TRANSLATED_LOCALES.find((tag) => tag.toLowerCase() === lower)
  if (exact) return exact
  const [language, ...rest] = lower.split('-')
  if (language === 'zh')
    return rest.some((part) => part === 'hant' || part === 'tw' || part === 'hk' || part === 'mo')
      ? 'zh-TW'
      : 'zh-CN'
  return TRANSLATED_LOCALES.find((tag) => tag.split('-')[0] === language)
}

/** A BCP 47 language tag as a message carries it (the dApp's locale, told to the frame). */
export const localeTagSchema = z
  .string()
  .check(z.maxLength(35), z.regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/))

/**
 * The translated locale an `Accept-Language` header asks for first, in the order of its q-values; undefined
 * when it names none (English then).
 */
export function localeFromAcceptLanguage(header: string | undefined): TranslatedLocale | undefined {
  if (!header) return undefined
  const ranked = header
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = Number(
        params
          .find((param) => param.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? '1',
      )
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index }
    })
    .filter(({ tag, q }) => q > 0 && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag))
    .sort((a, b) => b.q - a.q || a.index - b.index)
  for (const { tag } of ranked) {
    if (tag.toLowerCase().startsWith('en')) return undefined
    const match = translatedLocaleFor(tag)
    if (match) return match
  }
  return undefined
}
