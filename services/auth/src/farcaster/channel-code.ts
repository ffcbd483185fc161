import { createHash } from 'node:crypto'

// No 0/O, 1/I/L: read aloud or retyped, the code is not mistaken.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'

/**
 * The short code of a channel, shown on the Farcaster approval (and carried as the signed message's
 * Request ID) and in the visitor's own modal: a visitor approving a request someone else started sees a
 * code their modal does not show. Derived from the secret channel token, so it cannot be chosen.
 */
export function channelCode(channelToken: string): string {
  const digest = createHash('sha256').update(`portico-farcaster-code:${channelToken}`).digest()
  const chars = [...digest.subarray(0, 6)].map((byte) => ALPHABET[byte % ALPHABET.length])
  return `${chars.slice(0, 3).join('')}-${chars.slice(3).join('')}`
}
