export {
  localeDirection,
  TRANSLATED_LOCALES,
  type TranslatedLocale,
  translatedLocaleFor,
} from '@portico/wire'

/** Accented and 40 % longer English: shows text that a translation would cut off or overflow. */
export const PSEUDO_LOCALE = 'en-XA'
