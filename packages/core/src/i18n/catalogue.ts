import { formatMessage } from '../modal/button-messages.js'
import type {
  MessageEntries,
  MessageParams,
  PluralForms,
  PluralKey,
  TextKey,
  Translation,
} from './catalogue-types.js'
import {
  addLocaleListener,
  getLocale,
  reloadActiveLocale,
  SOURCE_LOCALE,
  translationApplied,
} from './locale.js'
import { PSEUDO_LOCALE } from './supported-locales.js'

export type * from './catalogue-types.js'

export interface CatalogueOptions<M extends MessageEntries> {
  /** Names the catalogue in errors and logs, e.g. the feature's id. */
  id: string
  /** The messages in the source language (English), by stable id. */
  messages: M
  /**
   * Fetches the translation for a locale (e.g. `(locale) => import(`./locales/${locale}.js`)`), or
   * returns undefined when there is none. Asked for the full tag first (`pt-BR`), then its language (`pt`).
   */
  load?: (locale: string) => Promise<Translation<M> | undefined> | Translation<M> | undefined
}

export interface Catalogue<M extends MessageEntries> {
  readonly id: string
  readonly messages: M
  /** The message `key` in the active locale, with `{name}` placeholders filled (numbers formatted). */
  t(key: TextKey<M>, params?: MessageParams): string
  /** The form of a counted message that fits `count` in the active locale; `{n}` is the count. */
  plural(key: PluralKey<M>, count: number, params?: MessageParams): string
  /** Applies the translation for `locale` through the `load` hook; the active locale's loads by itself. */
  load(locale: string): Promise<void>
}

/** A package's translations of one locale, every catalogue's by its id; undefined where none ships. */
export type TranslationSource = (locale: string) => Promise<Readonly<Record<string, unknown>> | undefined>

const sources = new Set<TranslationSource>()
/** Bumped with each source: a catalogue that found no text before may find it in the new one. */
let sourcesGeneration = 0

/**
 * Adds where catalogues without a `load` of their own find their text: a package's table of locale chunks
 * (one dynamic import per locale), added by the package when its modal code loads. Catalogues that
 * looked for the active locale's text before it was added look again (chunks evaluate in any order).
 */
export function addTranslationSource(source: TranslationSource): void {
  if (sources.has(source)) return
  sources.add(source)
  sourcesGeneration += 1
  reloadActiveLocale()
}

async function fromSources<M extends MessageEntries>(
  id: string,
  locale: string,
): Promise<Translation<M> | undefined> {
  for (const source of sources) {
    const table = await source(locale)
    const translation = table?.[id]
    if (translation) return translation as Translation<M>
  }
  return undefined
}

interface LoadedTranslation<M extends MessageEntries> {
  /** The locale the text is written in, for its plural rules. */
  locale: string
  messages: Translation<M>
}

const numberFormats = new Map<string, Intl.NumberFormat>()
const pluralRules = new Map<string, Intl.PluralRules>()

function cached<T>(cache: Map<string, T>, locale: string, create: () => T): T {
  let value = cache.get(locale)
  if (!value) {
    value = create()
    cache.set(locale, value)
  }
  return value
}

/** `{name}` placeholders filled, numbers written the way `locale` writes them. */
function fill(template: string, locale: string, params: MessageParams): string {
  // A page's first Intl formatter costs milliseconds (an open's first frame pays them): made only
  // when a number is to be written.
  const numbers = () => cached(numberFormats, locale, () => new Intl.NumberFormat(locale))
  const text: Record<string, string> = {}
  for (const [name, value] of Object.entries(params))
    text[name] = typeof value === 'number' ? numbers().format(value) : value
  return formatMessage(template, text)
}

/** The tags to ask a `load` hook for, most specific first (`de-CH`, then `de`). */
function candidates(locale: string): string[] {
  const language = locale.split('-')[0] ?? locale
  return language === locale ? [locale] : [locale, language]
}

/**
 * A message catalogue: one per feature (and one for the core's own toasts). Messages are in
 * English and sync; a translation for the active locale arrives through `load` and then replaces
 * the messages it has, so a locale is added without touching the views that use the catalogue.
 */
export function defineMessages<const M extends MessageEntries>(options: CatalogueOptions<M>): Catalogue<M> {
  const { id, messages } = options
  const translations = new Map<string, LoadedTranslation<M> | null>()
  const pending = new Map<string, Promise<void>>()

  /** The translation that applies to the active locale, if one has loaded. */
  const active = (): LoadedTranslation<M> | undefined => {
    const locale = getLocale()
    for (const tag of candidates(locale)) {
      const translation = translations.get(tag)
      if (translation) return translation
    }
    return undefined
  }

  /** Tags that had no text from the sources there were (their generation): looked up again with new ones. */
  const missing = new Map<string, number>()

  async function fetchTranslation(locale: string): Promise<void> {
    for (const tag of candidates(locale)) {
      if (translations.get(tag)) continue
      if (translations.has(tag) && (options.load || missing.get(tag) === sourcesGeneration)) continue
      const generation = sourcesGeneration
      // English in any region reads the source text: nothing to fetch.
      const translation =
        tag.split('-')[0] === SOURCE_LOCALE && tag !== PSEUDO_LOCALE
          ? undefined
          : tag === PSEUDO_LOCALE
            ? (await import('./pseudo-locale.js')).pseudoTranslation(messages)
            : options.load
              ? await options.load(tag)
              : await fromSources<M>(id, tag)
      translations.set(tag, translation ? { locale: tag, messages: translation } : null)
      if (!translation) missing.set(tag, generation)
      if (translation) {
        translationApplied()
        return
      }
    }
  }

  const catalogue: Catalogue<M> = {
    id,
    messages,
    t(key, params = {}) {
      const translation = active()
      const text = translation?.messages[key]
      return fill(typeof text === 'string' ? text : (messages[key] as string), getLocale(), params)
    },
    plural(key, count, params = {}) {
      const translation = active()
      const translated = translation?.messages[key] as PluralForms | undefined
      // Plural rules of the language the text is in: an English fallback takes English forms.
      const language = translated && translation ? translation.locale : SOURCE_LOCALE
      const forms = translated ?? (messages[key] as PluralForms)
      const rules = cached(pluralRules, language, () => new Intl.PluralRules(language))
      const form = forms[rules.select(count)] ?? forms.other
      return fill(form, getLocale(), { ...params, n: count })
    },
    load(locale) {
      // One fetch per locale and set of sources: a source added since may hold what the last one lacked.
      const key = `${locale} ${sourcesGeneration}`
      let promise = pending.get(key)
      if (!promise) {
        promise = fetchTranslation(locale).catch((error: unknown) => {
          // A locale that failed to load may load on the next try; meanwhile the source language shows.
          pending.delete(key)
          throw new Error(`Could not load the ${locale} messages of ${id}`, { cause: error })
        })
        pending.set(key, promise)
      }
      return promise
    },
  }
  addLocaleListener(catalogue)
  return catalogue
}
