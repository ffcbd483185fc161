const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')

/**
 * A fresh nonce: 128 bits from the platform's cryptographic generator, as 32 hex characters (EIP-4361
 * wants at least 8 letters or digits; viem's own nonce generator is not meant for secrets).
 */
export function generateNonce(): string {
  return hex(crypto.getRandomValues(new Uint8Array(16)))
}

/** A session id: 256 bits, safe in a URL and a cookie. */
export function generateSessionId(): string {
  return hex(crypto.getRandomValues(new Uint8Array(32)))
}
