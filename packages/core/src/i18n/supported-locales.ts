// The same list and rules as @portico/wire's locales.ts (a test keeps them equal): a copy here keeps the
// modal's open path free of a chunk of its own for them.

/** The locales Portico ships a translation for, beside the source English. */
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

/** Accented and 40 % longer English: shows text that a translation would cut off or overflow. */
export const PSEUDO_LOCALE = 'en-XA'

const RTL_LANGUAGES = new Set(['ar', 'fa', 'he', 'ur', 'ps', 'yi', 'dv', 'ckb', 'sd', 'ug'])

/** The writing direction of a locale's script. */
export function localeDirection(locale: string): 'ltr' | 'rtl' {
  const [language = '', script] = locale.toLowerCase().split('-')
  if (script === 'latn' || script === 'cyrl') return 'ltr'
  return RTL_LANGUAGES.has(language) || script === 'arab' || script === 'hebr' ? 'rtl' : 'ltr'
}

/** The shipped translation that serves `locale` (see @portico/wire's translatedLocaleFor). */
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
