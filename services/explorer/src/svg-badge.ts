import { createHash } from 'node:crypto'

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char] ?? '',
  )

/** A stable, readable background colour for a name: the hue comes from its hash, white text stays legible. */
export function colourFromName(name: string): string {
  const digest = createHash('sha256').update(name).digest()
  const hue = ((digest[0] ?? 0) * 256 + (digest[1] ?? 0)) % 360
  return `hsl(${hue} 62% 42%)`
}

/** Up to two letters: the first of the first two words (Trust Wallet → TW), else the first two letters. */
export function initials(name: string): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? ['?']
  const letters =
    words.length > 1 ? `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}` : (words[0] ?? '?').slice(0, 2)
  return letters.toUpperCase()
}

export interface BadgeOptions {
  background: string
  /** Text drawn in the middle when there is no glyph. */
  label?: string
  /** Raw SVG drawn on a 96×96 canvas over the background (trusted, built in code). */
  glyph?: string
  shape?: 'rounded' | 'circle'
}

/** A 96×96 SVG: rounded square (wallets) or circle (networks, tokens, currencies). */
export function badgeSvg({ background, label, glyph, shape = 'rounded' }: BadgeOptions): string {
  const backdrop =
    shape === 'circle'
      ? `<circle cx="48" cy="48" r="48" fill="${background}"/>`
      : `<rect width="96" height="96" rx="24" fill="${background}"/>`
  const fontSize = label && label.length > 2 ? Math.max(20, 44 - (label.length - 2) * 8) : 40
  const content =
    glyph ??
    `<text x="48" y="50" fill="#fff" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="${fontSize}" font-weight="700" text-anchor="middle" dominant-baseline="central">${escapeXml(label ?? '')}</text>`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">${backdrop}${content}</svg>`
}
