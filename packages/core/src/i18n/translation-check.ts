import type { MessageEntries, MessageEntry } from './catalogue.js'

const placeholders = (text: string) => new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]))

const formsOf = (entry: MessageEntry): string[] =>
  typeof entry === 'string' ? [entry] : Object.values(entry)

const CATEGORY_ORDER = ['zero', 'one', 'two', 'few', 'many', 'other']

const union = (texts: string[]) => [...new Set(texts.flatMap((text) => [...placeholders(text)]))].sort()

/**
 * What is wrong with a translation of `messages` into `locale`: missing and extra keys, a text where a
 * counted message is due (or the reverse), plural forms the locale's rules need but lack or never use,
 * and placeholders that differ from the source's. Empty when the translation is complete.
 */
export function findTranslationProblems(
  messages: MessageEntries,
  translation: Readonly<Record<string, unknown>> | undefined,
  locale: string,
): string[] {
  const problems: string[] = []
  const translated = translation ?? {}
  const categories = [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories].sort(
    (a, b) => CATEGORY_ORDER.indexOf(a) - CATEGORY_ORDER.indexOf(b),
  ) as string[]
  for (const [key, source] of Object.entries(messages)) {
    const entry = translated[key]
    if (entry === undefined) {
      problems.push(`${key}: missing`)
      continue
    }
    if (
      typeof source === 'string' ? typeof entry !== 'string' : typeof entry !== 'object' || entry === null
    ) {
      problems.push(`${key}: ${typeof source === 'string' ? 'a text' : 'plural forms'} expected`)
      continue
    }
    const forms = entry as MessageEntry
    if (typeof forms === 'object') {
      const given = Object.keys(forms)
      const lacking = categories.filter((category) => !given.includes(category))
      const unused = given.filter((category) => !categories.includes(category))
      if (lacking.length) problems.push(`${key}: plural forms ${lacking.join(', ')} missing`)
      if (unused.length) problems.push(`${key}: plural forms ${unused.join(', ')} unused in ${locale}`)
    }
    const expected = union(formsOf(source))
    const actual = union(formsOf(forms))
    if (expected.join() !== actual.join())
      problems.push(`${key}: placeholders {${actual.join('}, {')}} instead of {${expected.join('}, {')}}`)
    if (formsOf(forms).some((text) => !text.trim())) problems.push(`${key}: empty`)
  }
  for (const key of Object.keys(translated))
    if (!(key in messages)) problems.push(`${key}: not in the catalogue`)
  return problems
}

/** A catalogue as the completeness check reads it. */
export interface CheckedCatalogue {
  id: string
  messages: MessageEntries
}

/**
 * The problems of one locale's file of a package (catalogue id → translation), for every catalogue of
 * the package, prefixed with the catalogue's id; catalogues the file has but the package does not count too.
 */
export function findLocaleProblems(
  catalogues: readonly CheckedCatalogue[],
  translations: Readonly<Record<string, unknown>>,
  locale: string,
): string[] {
  const problems = catalogues.flatMap(({ id, messages }) =>
    findTranslationProblems(messages, translations[id] as Record<string, unknown> | undefined, locale).map(
      (problem) => `${locale} ${id}.${problem}`,
    ),
  )
  const ids = new Set(catalogues.map(({ id }) => id))
  for (const id of Object.keys(translations))
    if (!ids.has(id)) problems.push(`${locale} ${id}: no such catalogue`)
  return problems
}
