/** The IntersectionObserver entry as Chromium's v2 reports it (`isVisible` with `trackVisibility`). */
export type VisibilityEntry = Pick<IntersectionObserverEntry, 'intersectionRatio'> & { isVisible?: boolean }

/**
 * Whether one reading shows the whole sheet: at least 99 % inside the viewport and, where
 * IntersectionObserver v2 exists, not covered, faded or transformed (`isVisible`). v2 alone is not
 * enough: a clipped or shifted element stays `isVisible`, only the ratio tells.
 */
export const wholeSheetVisible = (entry: VisibilityEntry) =>
  (entry.isVisible ?? true) && entry.intersectionRatio >= 0.99

/**
 * Watches the sheet and reports each reading. Without IntersectionObserver nothing can be proven, so
 * no reading comes and nothing counts.
 */
export function observeVisibility(
  view: Pick<typeof globalThis, 'IntersectionObserver'> | null,
  target: HTMLElement,
  onReading: (visible: boolean) => void,
): IntersectionObserver | undefined {
  if (!view?.IntersectionObserver) return undefined
  const init = { threshold: [0, 0.99, 1], trackVisibility: true, delay: 100 } as IntersectionObserverInit
  const observer = new view.IntersectionObserver((entries) => {
    for (const entry of entries) {
      const visible = wholeSheetVisible(entry)
      // The last reading, for tests that must know a reading arrived.
      target.dataset.visible = String(visible)
      onReading(visible)
    }
  }, init)
  observer.observe(target)
  return observer
}
