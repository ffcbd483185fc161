import type { FrameValue } from './frame-strings.js'
import type { Make } from './sheet-styles.js'

/**
 * A value kept left to right wherever it sits (an address, an origin, an amount with its symbol): in an
 * Arabic sheet its digits, dots and slashes would otherwise be reordered by the text around them.
 */
export function ltrValue(el: Make, text: string): HTMLElement {
  return el('bdi', { dir: 'ltr', textContent: text })
}

/** Fills `target` with `parts` (from `frameParts`): the words as text, each `{ ltr }` value isolated. */
export function fillIsolated<T extends HTMLElement>(el: Make, target: T, parts: readonly FrameValue[]): T {
  target.replaceChildren(...parts.map((part) => (typeof part === 'string' ? part : ltrValue(el, part.ltr))))
  return target
}
