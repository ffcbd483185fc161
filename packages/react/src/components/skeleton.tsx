/**
 * CSS of list placeholders (skeletons); it loads with the views that list things (Connect, All wallets,
 * Account, Activity), not with the modal. The shimmer stops for visitors who ask for less motion.
 */
export const skeletonStyles = `
.skeleton{display:block;flex:none;border-radius:8px;background:var(--portico-surface-hover);animation:shimmer 1.2s ease-in-out infinite alternate}
.skeleton.line{height:12px;width:45%}
.skeleton-row{cursor:default}
.skeleton-row:hover{background:var(--portico-surface)}
.skeleton-tile{cursor:default;height:100%}
.skeleton-tile .line{width:70%;height:10px}
@keyframes shimmer{to{opacity:.45}}
@media (prefers-reduced-motion:reduce){.skeleton{animation:none}}
`

/**
 * Placeholders in the shape of the rows or tiles still loading, so a list holds its place (and the
 * dialog its height) until the data comes. Hidden from assistive technology: the list says it is busy.
 */
export function SkeletonRows({
  count,
  className = 'row',
  image = 36,
}: {
  count: number
  /** The class of the rows they stand for (`row`, `token`), so they take the same height. */
  className?: string
  /** The size of the rows' image; 0 for rows without one. */
  image?: number
}) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their place
        <li key={index} className={`${className} skeleton-row`} aria-hidden="true" data-skeleton="">
          {image > 0 ? (
            <span className="skeleton" style={{ width: image, height: image, borderRadius: image / 3.6 }} />
          ) : null}
          <span className="skeleton line" />
        </li>
      ))}
    </>
  )
}
