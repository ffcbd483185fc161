import * as z from 'zod/mini'
import { type TranslatedLocale, translatedLocaleFor } from './locales.js'

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
