import type { Page } from 'playwright-core'

/** Text of the modal in a locale's script: Arabic, accented Latin (the pseudo-locale), or plain English. */
export const SCRIPTS = {
  ar: /[\u0600-\u06FF]/,
  pseudo: /[\u00C0-\u024F\u1E00-\u1EFF]/,
  latin: /[A-Za-z]{2}/,
} as const

export const DESKTOP = { width: 1280, height: 800 }
export const PHONE = { width: 375, height: 740 }

/** Runs `check` with the page at 1280x800, then at 375 px (named '1280' and '375'); desktop size again after. */
export async function atBothSizes(page: Page, check: (size: '1280' | '375') => Promise<void>): Promise<void> {
  for (const [size, viewport] of [
    ['1280', DESKTOP],
    ['375', PHONE],
  ] as const) {
    await page.setViewportSize(viewport)
    await check(size)
  }
  await page.setViewportSize(DESKTOP)
}

/**
 * The text of the modal's dialog a visitor cannot read whole, one line per element: text its box cuts
 * (overflow hidden or an ellipsis, `scrollWidth > clientWidth`, or clipped below), text that runs out
 * of its box over what is beside it, and text that runs out of the dialog. Only elements whose own text
 * is in `script` count: the catalogue's text in the locale under test, not a token's name or an address
 * shortened on purpose. Visually hidden text (a box of a pixel or two, for screen readers) is skipped.
 */
export function clippedText(page: Page, script: RegExp): Promise<string[]> {
  return page.evaluate(
    ({ source, flags }) => {
      const pattern = new RegExp(source, flags)
      const dialog = document.querySelector('portico-modal')?.shadowRoot?.querySelector('.dialog')
      if (!dialog) return ['no dialog on show']
      const bounds = dialog.getBoundingClientRect()
      const found: string[] = []
      for (const element of dialog.querySelectorAll<HTMLElement>('*')) {
        const own = [...element.childNodes]
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .map((node) => node.textContent ?? '')
          .join('')
          .trim()
        if (!own || !pattern.test(own)) continue
        const box = element.getBoundingClientRect()
        const style = getComputedStyle(element)
        if (box.width <= 2 || box.height <= 2 || style.visibility === 'hidden') continue
        const what = `<${element.tagName.toLowerCase()} class="${element.className}"> "${own.slice(0, 60)}"`
        if (style.display !== 'inline') {
          const wider = element.scrollWidth > element.clientWidth + 1
          if (wider && (style.overflowX !== 'visible' || style.textOverflow === 'ellipsis'))
            found.push(`cut off: ${what}`)
          else if (wider) found.push(`runs out of its box: ${what}`)
          if (
            (style.overflowY === 'hidden' || style.overflowY === 'clip') &&
            element.scrollHeight > element.clientHeight + 1
          )
            found.push(`cut off below: ${what}`)
        }
        if (box.left < bounds.left - 1 || box.right > bounds.right + 1)
          found.push(`outside the dialog: ${what}`)
      }
      return found
    },
    { source: script.source, flags: script.flags },
  )
}
