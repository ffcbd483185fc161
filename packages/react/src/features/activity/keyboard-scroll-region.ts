import { type RefObject, useLayoutEffect } from 'react'
import { getFocusable } from '../../modal/use-focus-trap.js'

/**
 * While the dialog's content scrolls and holds nothing the keyboard can reach (Activity's rows, where the
 * network has no block explorer to link to), the content itself becomes a tab stop, a region named by the
 * view's title: without it a keyboard could never scroll the list (axe's scrollable-region-focusable).
 * `shown`: `inside` is rendered (the list, not its skeleton).
 */
export function useKeyboardScrollRegion(inside: RefObject<HTMLElement | null>, shown: boolean): void {
  useLayoutEffect(() => {
    const list = shown ? inside.current : null
    const content = list?.closest<HTMLElement>('.content')
    if (!list || !content) return
    const title = content.parentElement?.querySelector('h2')
    const clear = () => {
      content.removeAttribute('tabindex')
      content.removeAttribute('role')
      content.removeAttribute('aria-labelledby')
    }
    const update = () => {
      if (content.scrollHeight <= content.clientHeight || getFocusable(content).length > 0) return clear()
      content.tabIndex = 0
      content.setAttribute('role', 'region')
      if (title?.id) content.setAttribute('aria-labelledby', title.id)
    }
    // The list grows as pages load; the content changes with the window.
    const observer = new ResizeObserver(update)
    observer.observe(list)
    observer.observe(content)
    update()
    return () => {
      observer.disconnect()
      clear()
    }
  }, [inside, shown])
}
