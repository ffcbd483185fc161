/** The demo's `?locale=` choice, when it is a valid language tag; else the browser's language applies. */
export function demoLocale(): string | undefined {
  const wanted = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('locale')
  if (!wanted) return undefined
  try {
    return Intl.getCanonicalLocales(wanted)[0]
  } catch {
    return undefined
  }
}
