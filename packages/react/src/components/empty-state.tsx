/** The empty state's CSS, for the views that show one (not Connect: it stays out of the modal's opening). */
export const emptyStateStyles = `
.empty-state{display:flex;flex-direction:column;align-items:center;gap:8px;padding:24px 16px;text-align:center}
.empty-state h3{margin:0;font-size:15px}
.empty-state p{margin:0;color:var(--portico-muted);font-size:13px;max-width:260px}
.empty-actions{display:flex;flex-wrap:wrap;justify-content:center;gap:8px;margin-top:4px}
.empty-icon{display:grid;place-items:center;width:48px;height:48px;border-radius:50%;background:var(--portico-surface);color:var(--portico-muted)}
`

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

export type EmptyIcon = 'search' | 'activity' | 'coins'

const paths: Record<EmptyIcon, React.ReactNode> = {
  search: (
    <>
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="M15.5 15.5L21 21" strokeLinecap="round" />
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
