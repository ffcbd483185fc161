import type { ThemeMode } from '@portico/core'

const STORAGE_KEY = 'portico-demo:theme'

/**
 * The theme the visitor last chose with the demo's toggle, if any, so the page and the modal open
 * in it again after a reload. Storage may be off (private windows, blocked cookies): then the
 * choice lasts until the page is left.
 */
export function savedThemeMode(): ThemeMode | undefined {
  try {
    const saved = globalThis.localStorage?.getItem(STORAGE_KEY)
    return saved === 'light' || saved === 'dark' ? saved : undefined
  } catch {
    return undefined
  }
}

/** Before any choice with the toggle: the visitor's system colour scheme, as the page's own CSS would follow it. */
export function systemThemeMode(): ThemeMode {
  return globalThis.matchMedia?.('(prefers-color-scheme: light)').matches ? 'light' : 'dark'
}

export function saveThemeMode(mode: ThemeMode): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, mode)
  } catch {
    // Not remembered; the toggle still works for this visit.
  }
}
