import { localeDirection } from '@portico/wire'
import { frameLocale, frameParts } from './frame-strings.js'
import { fillIsolated } from './isolated-text.js'
import { ensureSheetStyles, type Make, maker } from './sheet-styles.js'

export interface WindowSheet {
  el: Make
  /** The window's one landmark: what the wallet asks or shows is all its page holds. */
  root: HTMLElement
  sheet: HTMLElement
  title: HTMLHeadingElement
}

/**
 * The frame of every sheet the wallet's own window shows: its theme, the dApp's language and direction
 * (a right-to-left sheet for Arabic, Hebrew and Persian) and a titled section, focusable as a whole.
 */
export function windowSheet(
  doc: Document,
  options: { themeMode: 'light' | 'dark'; id: string; title: string; dialog?: boolean },
): WindowSheet {
  ensureSheetStyles(doc)
  const el = maker(doc)
  const root = el('main', { className: 'sheet-root' })
  root.dataset.theme = options.themeMode
  root.dataset.window = ''
  root.lang = frameLocale()
  root.dir = localeDirection(frameLocale())
  const sheet = el('section', { className: 'sheet', tabIndex: -1 })
  if (options.dialog) sheet.setAttribute('role', 'dialog')
  sheet.setAttribute('aria-labelledby', `${options.id}-title`)
  const title = el('h1', { id: `${options.id}-title`, textContent: options.title })
  return { el, root, sheet, title }
}

/**
 * The line naming the dApp that asks, which describes the sheet. The origin stays left to right inside a
 * right-to-left sentence: `https://dapp.example` reads as it is.
 */
export function requesterLine(
  { el, sheet }: WindowSheet,
  id: string,
  key: 'requestedBy' | 'callsStatusFrom',
  origin: string,
): HTMLParagraphElement {
  sheet.setAttribute('aria-describedby', `${id}-from`)
  return fillIsolated(
    el,
    el('p', { id: `${id}-from`, className: 'from' }),
    frameParts(key, { origin: { ltr: origin } }),
  )
}
