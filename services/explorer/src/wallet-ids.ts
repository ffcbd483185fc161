import { createHash } from 'node:crypto'

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex')

/**
 * A wallet's public id: 64 lowercase hex characters like the reference explorer's ids, computed as
 * sha256(slug) so it is the same on every install and never changes while the slug stays.
 */
export function walletIdFromSlug(slug: string): string {
  return sha256Hex(slug)
}

/**
 * Image ids are UUID-shaped (as in the reference explorer) and derived from the slug and the name the
 * picture is drawn from: images are served as immutable, so different bytes must get a different id.
 */
export function walletImageId(slug: string, name: string): string {
  const hex = sha256Hex(`wallet-image:${slug}:${name}`)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`
}

export const WALLET_ID_PATTERN = /^[0-9a-f]{64}$/
