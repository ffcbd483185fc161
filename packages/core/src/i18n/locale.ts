import { createStore, type Store } from '../store.js'

/** The language the catalogues are written in: what shows where a translation lacks a message. */
export const SOURCE_LOCALE = 'en'

/** Used when neither the config nor the browser names a valid locale. */
export const FALLBACK_LOCALE = 'en-US'

/** The state of `localeStore`: the active locale. */
export interface LocaleState {
  /**
   * The locale `setLocale` made active (a canonical BCP 47 tag); numbers, amounts, dates and
   * messages follow it. Undefined before: `getLocale()` then answers the browser's.
   */
  locale: string | undefined
  /** Counts the translations applied, so views re-render when one arrives after they painted. */
  revision: number
}

/** Something that holds text for a locale: a message catalogue. */
export interface LocaleListener {
  load(locale: string): Promise<void>
}

const listeners = new Set<LocaleListener>()

/** The canonical form of `locale`, or undefined when it is not a valid BCP 47 tag. */
export function canonicalLocale(locale: string | undefined): string | undefined {
  if (!locale) return undefined
  try {
    return Intl.getCanonicalLocales(locale)[0]
  } catch {
    return undefined
  }
}

/** The config's locale, else the browser's, else en-US. */
export function resolveLocale(locale?: string): string {
  const browser = typeof navigator === 'undefined' ? undefined : navigator.language
  return canonicalLocale(locale) ?? canonicalLocale(browser) ?? FALLBACK_LOCALE
}

/** One locale per page: the modal shows one language at a time, whichever Portico instance opens it. */
export const localeStore: Store<LocaleState> = createStore<LocaleState>({ locale: undefined, revision: 0 })

// Read on first use, not on import: importing must not touch browser globals (server rendering).
let browserLocale: string | undefined

/** The active locale: the one `setLocale` made active, else the browser's. */
export function getLocale(): string {
  browserLocale ??= resolveLocale()
  return localeStore.getState().locale ?? browserLocale
}

/**
 * Makes `locale` (or the browser's, see `resolveLocale`) the active locale and loads every
 * catalogue's text for it; resolves once they are applied. Until then messages show in the source
 * language, so nothing waits on a translation.
 */
export function setLocale(locale?: string): Promise<void> {
  const resolved = resolveLocale(locale)
  if (resolved !== localeStore.getState().locale) localeStore.setState({ locale: resolved })
  return Promise.all([...listeners].map((listener) => listener.load(resolved))).then(() => {})
}

/** A catalogue created after `setLocale` loads its text for the active locale at once; one created before loads on `setLocale`. */
export function addLocaleListener(listener: LocaleListener): void {
  listeners.add(listener)
  const { locale } = localeStore.getState()
  if (locale) void listener.load(locale).catch(() => {})
}

/** Tells views that a translation arrived. */
/** Loads the active locale's text again in every catalogue (a new place to find it was added). */
export function reloadActiveLocale(): void {
  const { locale } = localeStore.getState()
  if (!locale) return
  for (const listener of listeners) void listener.load(locale).catch(() => {})
}

export function translationApplied(): void {
  localeStore.setState((state) => ({ revision: state.revision + 1 }))
}
