/** What an empty list says: an icon of what is missing and one sentence (optionally a title and actions). */
export function EmptyState({
  icon,
  title,
  text,
  children,
}: {
  icon: EmptyIcon
  title?: string | undefined
  text: string
  children?: React.ReactNode
}) {
  return (
    <div className="empty-state">
      <span className="empty-icon" aria-hidden="true">
        <svg
          width="24"
          height="24"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          aria-hidden="true"
        >
          {paths[icon]}
        </svg>
      </span>
      {title ? <h3>{title}</h3> : null}
      <p>{text}</p>
      {children}
    </div>
  )
}

export type EmptyIcon = 'search' | 'wallet' | 'activity' | 'coins'

const paths: Record<EmptyIcon, React.ReactNode> = {
  search: (
    <>
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="M15.5 15.5L21 21" strokeLinecap="round" />
    </>
  ),
  wallet: (
    <>
      <rect x="3" y="6" width="18" height="13" rx="3" />
      <path d="M16 12.5h2" strokeLinecap="round" />
      <path d="M5 6l10-3 1 3" strokeLinejoin="round" />
    </>
  ),
  activity: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" strokeLinecap="round" strokeLinejoin="round" />
    </>
  ),
  coins: (
    <>
      <ellipse cx="9" cy="7" rx="6" ry="3" />
      <path d="M3 7v5c0 1.7 2.7 3 6 3s6-1.3 6-3V7" />
      <path d="M9 18c0 1.7 2.7 3 6 3s6-1.3 6-3v-5c0-1.5-2-2.7-4.8-3" />
    </>
  ),
}
