import { type KeyboardEvent, type RefObject, useCallback } from 'react'

const focusableSelector =
  'button:not([disabled]),a[href],input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])'

export function getFocusable(container: HTMLElement | null): HTMLElement[] {
  return container ? Array.from(container.querySelectorAll<HTMLElement>(focusableSelector)) : []
}

/** Keeps Tab and Shift+Tab inside the dialog, and closes it on Escape. */
export function useFocusTrap(dialog: RefObject<HTMLElement | null>, onEscape: () => void) {
  return useCallback(
    (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation()
        onEscape()
        return
      }
      if (event.key !== 'Tab') return
      const focusable = getFocusable(dialog.current)
      if (focusable.length === 0) {
        event.preventDefault()
        return
      }
      const root = dialog.current?.getRootNode() as ShadowRoot | Document
      const active = root.activeElement
      const first = focusable[0] as HTMLElement
      const last = focusable[focusable.length - 1] as HTMLElement
      // From the dialog itself (where Connect starts) Shift+Tab wraps to the end too.
      if (
        event.shiftKey &&
        (active === first || active === dialog.current || !dialog.current?.contains(active))
      ) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && active === last) {
        event.preventDefault()
        first.focus()
      }
    },
    [dialog, onEscape],
  )
}
