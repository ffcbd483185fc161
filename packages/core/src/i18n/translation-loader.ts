import type { Translation } from './catalogue.js'
import { type TranslatedLocale, translatedLocaleFor } from './supported-locales.js'

/** A package's translations of one locale: each catalogue's text by the catalogue's id. */
export type LocaleTranslations = Readonly<Record<string, Translation<Record<string, string>> | undefined>>

/** One dynamic import per shipped locale: each locale is its own chunk, loaded only when used. */
export type LocaleFiles = Readonly<Record<TranslatedLocale, () => Promise<{ default: object }>>>

/**
 * The `load` hook of a package's catalogues: the catalogue's part of the locale's file. Every catalogue
 * of the package asks for the same module, so a locale's file is fetched once.
 */
export function translationLoader(files: LocaleFiles) {
  return (id: string) =>
    async (locale: string): Promise<Translation<never> | undefined> => {
      const file = translatedLocaleFor(locale)
      if (!file) return undefined
      const { default: translations } = await files[file]()
      return (translations as LocaleTranslations)[id] as Translation<never> | undefined
    }
}
