/**
 * Runs inside the page before any of its scripts (Playwright init script). It times, with
 * performance.now() (ms since navigation start), when the connect button and, after the click, the first
 * wallet tile are first visible. Nothing is timed through Playwright round trips.
 *
 * Shadow roots (open and closed) are tracked by wrapping Element.prototype.attachShadow, so the wallet
 * tile is found inside Lit components (Web3Modal, AppKit) and Portico's <portico-modal>. Detection is a
 * MutationObserver on the document and every shadow root (checked when the DOM changes) plus a
 * requestAnimationFrame poll (checked once per frame, before paint), whichever sees the element first.
 * "Visible" is Playwright's notion: a non-empty box and not visibility:hidden.
 */
export interface ProbeOptions {
  buttonSelector: string
  tileSelector: string
}

export interface ProbeTimes {
  button?: number
  click?: number
  tile?: number
  /** How the tile was first seen: 'mutation' or 'frame'. */
  tileBy?: string
}

export function installProbe({ buttonSelector, tileSelector }: ProbeOptions): void {
  const times: ProbeTimes = {}
  ;(globalThis as unknown as { __bench: ProbeTimes }).__bench = times
  performance.setResourceTimingBufferSize(10_000)

  const roots: (Document | ShadowRoot)[] = [document]
  const observeOptions = { childList: true, subtree: true, attributes: true }
  let observer: MutationObserver | undefined
  const attachShadow = Element.prototype.attachShadow
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
    const root = attachShadow.call(this, init)
    roots.push(root)
    observer?.observe(root, observeOptions)
    return root
  }

  const isVisible = (element: Element) => {
    const box = element.getBoundingClientRect()
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden'
  }
  const findVisible = (selector: string, deep: boolean) => {
    for (const root of deep ? roots : [document]) {
      for (const element of root.querySelectorAll(selector)) if (isVisible(element)) return element
    }
    return undefined
  }

  // One watcher at a time: first the button (light DOM), then, from the click, the first wallet tile.
  let target: { selector: string; deep: boolean; found: (at: number, by: string) => void } | undefined
  const check = (by: string) => {
    if (!target) return
    if (!findVisible(target.selector, target.deep)) return
    const { found } = target
    target = undefined
    observer?.disconnect()
    observer = undefined
    found(performance.now(), by)
  }
  const watch = (selector: string, deep: boolean, found: (at: number, by: string) => void) => {
    target = { selector, deep, found }
    observer = new MutationObserver(() => check('mutation'))
    for (const root of deep ? roots : [document]) observer.observe(root, observeOptions)
    const frame = () => {
      if (!target) return
      check('frame')
      requestAnimationFrame(frame)
    }
    requestAnimationFrame(frame)
    check('mutation')
  }

  watch(buttonSelector, false, (at) => {
    times.button = at
  })
  // Capture phase on window: the first listener to see the click, before the app's own handler.
  addEventListener(
    'click',
    () => {
      if (times.click !== undefined) return
      times.click = performance.now()
      watch(tileSelector, true, (at, by) => {
        times.tile = at
        times.tileBy = by
      })
    },
    { capture: true },
  )
}
