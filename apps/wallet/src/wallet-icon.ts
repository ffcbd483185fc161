// A portico (two columns under a pediment) in Portico's teal, with a small "T" keystone for "test".
const svg = [
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">',
  '<rect width="96" height="96" rx="20" fill="#0f766e"/>',
  '<path d="M18 38 48 18l30 20z" fill="#ecfeff"/>',
  '<rect x="22" y="42" width="52" height="6" rx="2" fill="#ecfeff"/>',
  '<rect x="28" y="50" width="9" height="26" rx="2" fill="#ecfeff"/>',
  '<rect x="59" y="50" width="9" height="26" rx="2" fill="#ecfeff"/>',
  '<rect x="20" y="76" width="56" height="6" rx="2" fill="#ecfeff"/>',
  '<path d="M42 27h12v4h-4v6h-4v-6h-4z" fill="#0f766e"/>',
  '</svg>',
].join('')

/** The wallet's EIP-6963 icon: an SVG data URI (RFC 2397), so it works offline and needs no asset. */
export const TEST_WALLET_ICON = `data:image/svg+xml,${encodeURIComponent(svg)}`
