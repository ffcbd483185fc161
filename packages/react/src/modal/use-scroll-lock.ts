import { useLayoutEffect, useMemo } from 'react'

/** Open modals holding the page still (two providers on one page share the lock). */
let locks = 0
let restore: (() => void) | undefined

/**
 * Holds the page behind the open modal still (wheel, touch and keys scroll only the dialog) and lets it
 * go on close. A page that had a classic scrollbar keeps its gutter, so nothing behind the modal shifts.
 */
export function useScrollLock(active: boolean): void {
  // Whether the page has a classic scrollbar is read while the modal renders, before its DOM is in the
  // page, when the page's layout is still clean and the read costs nothing. Read in the effect, it
  // forced a layout of the page with the whole new modal in it, which the first frame then did again.
  const hadScrollbar = useMemo(
    () => active && window.innerWidth > document.documentElement.clientWidth,
    [active],
  )
  useLayoutEffect(() => {
    if (!active) return
    if (locks++ === 0) {
      const root = document.documentElement
      const { overflow, scrollbarGutter } = root.style
      root.style.overflow = 'hidden'
      if (hadScrollbar) root.style.scrollbarGutter = 'stable'
      restore = () => {
        root.style.overflow = overflow
        root.style.scrollbarGutter = scrollbarGutter
      }
    }
    return () => {
      if (--locks === 0) restore?.()
    }
  }, [active, hadScrollbar])
}
