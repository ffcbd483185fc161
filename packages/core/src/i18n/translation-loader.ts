import type { Translation, TranslationSource } from './catalogue.js'
import { type TranslatedLocale, translatedLocaleFor } from './supported-locales.js'

/** A package's translations of one locale: each catalogue's text by the catalogue's id. */
export type LocaleTranslations = Readonly<Record<string, Translation<Record<string, string>> | undefined>>

/** One dynamic import per shipped locale: each locale is its own chunk, loaded only when used. */
export type LocaleFiles = Readonly<Record<TranslatedLocale, () => Promise<{ default: object }>>>

/**
 * A package's translation source (see `addTranslationSource`): the locale's file, every catalogue's text
 * by id. Every catalogue of the package asks for the same module, so a locale's file is fetched once.
 */
export function translationLoader(files: LocaleFiles): TranslationSource {
  return async (locale) => {
    const file = translatedLocaleFor(locale)
    if (!file) return undefined
    const { default: translations } = await files[file]()
    return translations as LocaleTranslations
  }
}
