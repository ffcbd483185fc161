import { type ButtonMessageKey, buttonMessages, buttonTranslation } from '../modal/button-messages.js'
import { coreTranslation } from './core-translation.js'
import { getLocale, localeStore, resolveLocale } from './locale.js'

let following = false

/** The buttons' strings from the core's chunk for `locale`; none (English) when it has no translation. */
async function apply(locale: string): Promise<void> {
  const core = (await coreTranslation(locale))?.core as Readonly<Record<string, unknown>> | undefined
  // A newer switch won the race: its own apply sets the strings.
  if (localeStore.getState().locale !== undefined && getLocale() !== locale) return
  const messages: Partial<Record<ButtonMessageKey, string>> = {}
  for (const key of Object.keys(buttonMessages) as ButtonMessageKey[]) {
    const text = core?.[key]
    if (typeof text === 'string') messages[key] = text
  }
  buttonTranslation.set(messages)
}

/**
 * Puts the in-page buttons ("Connect wallet", the network button) in the page's language: the active
 * locale once `setLocale` ran, else `locale` (the config's), else the browser's; and keeps them in the
 * active locale from then on. The modal's code loads it with its own translations (a package's pre-bundled
 * open path holds one copy of the locale machinery: a second import site would ship the locale chunks twice).
 */
export function translateButtons(locale?: string): Promise<void> {
  if (!following) {
    following = true
    localeStore.subscribe((state, previous) => {
      if (state.locale !== previous.locale) void apply(getLocale()).catch(() => {})
    })
  }
  return apply(localeStore.getState().locale ?? resolveLocale(locale))
}
