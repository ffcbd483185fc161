import { translationLoader } from '@portico/core/internal'

/** This package's translation source: one chunk per locale, fetched when the locale is used. */
export const reactTranslation = translationLoader({
  ar: () => import('./ar.js'),
  de: () => import('./de.js'),
  es: () => import('./es.js'),
  fa: () => import('./fa.js'),
  fr: () => import('./fr.js'),
  he: () => import('./he.js'),
  hi: () => import('./hi.js'),
  id: () => import('./id.js'),
  it: () => import('./it.js'),
  ja: () => import('./ja.js'),
  ko: () => import('./ko.js'),
  nl: () => import('./nl.js'),
  pl: () => import('./pl.js'),
  'pt-BR': () => import('./pt-BR.js'),
  ru: () => import('./ru.js'),
  th: () => import('./th.js'),
  tr: () => import('./tr.js'),
  uk: () => import('./uk.js'),
  vi: () => import('./vi.js'),
  'zh-CN': () => import('./zh-CN.js'),
  'zh-TW': () => import('./zh-TW.js'),
})
