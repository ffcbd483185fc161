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

export function SkeletonTiles({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their place
        <li key={index} aria-hidden="true" data-skeleton="">
          <span className="tile skeleton-tile">
            <span className="skeleton" style={{ width: 48, height: 48, borderRadius: 14 }} />
            <span className="skeleton line" />
          </span>
        </li>
      ))}
    </>
  )
}
