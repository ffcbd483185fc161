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

/** A locale Portico ships a translation for. */
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
