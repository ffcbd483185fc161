import { useLayoutEffect } from 'react'

/** Open modals holding the page still (two providers on one page share the lock). */
let locks = 0
let restore: (() => void) | undefined

/**
 * Holds the page behind the open modal still (wheel, touch and keys scroll only the dialog) and lets it
 * go on close. A page that had a classic scrollbar keeps its gutter, so nothing behind the modal shifts.
 */
export function useScrollLock(active: boolean): void {
  useLayoutEffect(() => {
    if (!active) return
    if (locks++ === 0) {
      const root = document.documentElement
      const hadScrollbar = window.innerWidth > root.clientWidth
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
  }, [active])
}
