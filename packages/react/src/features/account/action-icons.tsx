import type { ViewName } from '@portico/core'

/**
 * The glyph of each Account action (the view a feature's row opens), drawn in the Account view's chunk.
 * A row of a feature not listed here gets the generic arrow.
 */
export function ActionIcon({ view }: { view: ViewName }) {
  const glyph = glyphs[view]
  return (
    <svg
      // The generic arrow points the way the text reads: mirrored right to left (`.forward-icon:dir(rtl)`).
      className={glyph ? undefined : 'forward-icon'}
      width="20"
      height="20"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {glyph ?? arrow}
    </svg>
  )
}

const arrow = <path d="M5 10h10M11 6l4 4-4 4" />

const glyphs: Partial<Record<ViewName, React.ReactNode>> = {
  OnRampProviders: (
    <>
      <rect x="2.5" y="5" width="15" height="10" rx="2" />
      <path d="M2.5 8.5h15M6 12h3" />
    </>
  ),
  Swap: <path d="M4 7h11l-3-3M16 13H5l3 3" />,
  Send: <path d="M10 16V4M5 9l5-5 5 5" />,
  Receive: <path d="M10 4v12M5 11l5 5 5-5" />,
  Activity: (
    <>
      <circle cx="10" cy="10" r="7" />
      <path d="M10 6.5V10l2.5 1.5" />
    </>
  ),
  RegisterAccountName: (
    <>
      <circle cx="10" cy="7.5" r="3" />
      <path d="M4.5 16.5c.8-2.8 3-4.2 5.5-4.2s4.7 1.4 5.5 4.2" />
    </>
  ),
  UpdateEmail: (
    <>
      <rect x="2.5" y="4.5" width="15" height="11" rx="2" />
      <path d="M3 5.5l7 5 7-5" />
    </>
  ),
  ExportKey: (
    <>
      <circle cx="6.5" cy="13.5" r="3" />
      <path d="M8.6 11.4L16 4M13.5 6.5l2 2M11.5 8.5l1.5 1.5" />
    </>
  ),
}
