import { setLocale } from '@portico/core'

/** The modal's language, switched while the page runs (the demo's console handle loads this on first use). */
export const setDemoLocale = (locale: string | undefined) => setLocale(locale)
