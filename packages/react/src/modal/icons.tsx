/** The few icons the modal draws, inline so they cost no request. */
export function CloseIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
      <path d="M1 1l12 12M13 1L1 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}

/** Points to the inline start: mirrored on a right-to-left page (see `.back-icon` in the styles). */
export function BackIcon() {
  return (
    <svg className="back-icon" width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
      <path d="M9 1L3 7l6 6" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
    </svg>
  )
}

/** A question mark in a circle: the Connect view's help button. */
export function HelpIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" aria-hidden="true">
      <circle cx="8" cy="8" r="6.8" strokeWidth="1.6" />
      <path d="M6.2 6.2a1.9 1.9 0 1 1 2.6 1.8c-.5.2-.8.6-.8 1.1v.4" strokeWidth="1.6" strokeLinecap="round" />
      <circle cx="8" cy="11.6" r=".4" fill="currentColor" strokeWidth=".8" />
    </svg>
  )
}

export function CopyIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
      <rect x="4" y="4" width="9" height="9" rx="2" stroke="currentColor" strokeWidth="1.6" fill="none" />
      <path
        d="M10 2.5A1.5 1.5 0 0 0 8.5 1h-6A1.5 1.5 0 0 0 1 2.5v6A1.5 1.5 0 0 0 2.5 10"
        stroke="currentColor"
        strokeWidth="1.6"
        fill="none"
      />
    </svg>
  )
}

/** A generic browser-wallet glyph for an injected provider that announces no icon. */
export const browserWalletIcon =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 36 36'%3E%3Crect width='36' height='36' rx='10' fill='%237b61ff'/%3E%3Crect x='8' y='11' width='20' height='15' rx='3' fill='none' stroke='white' stroke-width='2'/%3E%3Ccircle cx='23' cy='18.5' r='1.8' fill='white'/%3E%3C/svg%3E"
