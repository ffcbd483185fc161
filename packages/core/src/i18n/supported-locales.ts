// The one list and its rules live in @portico/wire (the modal, the frame and the mails share them); wire's
// locales module imports nothing, so the modal's open path takes just these few functions from it.
export {
  localeDirection,
  TRANSLATED_LOCALES,
  type TranslatedLocale,
  translatedLocaleFor,
} from '@portico/wire'

/** Accented and 40 % longer English: shows text that a translation would cut off or overflow. */
export const PSEUDO_LOCALE = 'en-XA'
