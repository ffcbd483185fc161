/** The sign-in section's glyphs, inline so the Connect view paints them without a request. */
export function MailIcon() {
  return (
    <svg className="field-icon" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <rect x="1.5" y="3" width="13" height="10" rx="2" stroke="currentColor" strokeWidth="1.5" fill="none" />
      <path d="M2 4l6 4.5L14 4" stroke="currentColor" strokeWidth="1.5" fill="none" strokeLinejoin="round" />
    </svg>
  )
}

/** Points to the inline end: mirrored on a right-to-left page (see `.forward-icon` in the styles). */
export function ForwardIcon() {
  return (
    <svg className="forward-icon" width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
      <path d="M5 1l6 6-6 6" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
    </svg>
  )
}

/** A key: the passkey option. */
export function KeyIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">
      <circle cx="6" cy="9" r="3.5" stroke="currentColor" strokeWidth="1.75" fill="none" />
      <path
        d="M9.5 9H16M13.5 9v3M16 9v2.5"
        stroke="currentColor"
        strokeWidth="1.75"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  )
}

/** Three dots: more of the same choices. */
export function MoreIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">
      <circle cx="3.5" cy="9" r="1.75" fill="currentColor" />
      <circle cx="9" cy="9" r="1.75" fill="currentColor" />
      <circle cx="14.5" cy="9" r="1.75" fill="currentColor" />
    </svg>
  )
}
