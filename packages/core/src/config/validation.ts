/** Validation rules of spec §5. Pure functions, safe to call anywhere. */

const evmAddressPattern = /^(0x)?[0-9a-fA-F]{40}$/
// Base58 excludes 0, O, I and l.
const solanaAddressPattern = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const transactionHashPattern = /^0x[0-9a-fA-F]{64}$/
const signedMessagePattern = /^0x[0-9a-fA-F]{62,}$/
const registrationNamePattern = /^[a-zA-Z0-9-]{4,}$/

/** Whether `value` is 40 hex digits, with or without `0x` (no checksum check). */
export function isEvmAddress(value: string): boolean {
  return evmAddressPattern.test(value)
}

/** Whether `value` is 32 to 44 base58 characters. */
export function isSolanaAddress(value: string): boolean {
  return solanaAddressPattern.test(value)
}

export function isTransactionHash(value: string): boolean {
  return transactionHashPattern.test(value)
}

export function isSignedMessage(value: string): boolean {
  return signedMessagePattern.test(value)
}

/** A transaction hash or a signature is a transaction-type response; anything else is an object response. */
export function getResponseType(value: unknown): 'transaction' | 'object' {
  return typeof value === 'string' && (isTransactionHash(value) || isSignedMessage(value))
    ? 'transaction'
    : 'object'
}

export function isRegistrationName(value: string): boolean {
  return registrationNamePattern.test(value)
}

/** ENSIP-11 coin type of an EVM chain: 0x80000000 | chainId. */
export function chainIdToCoinType(chainId: number): number {
  if (!Number.isInteger(chainId) || chainId < 0 || chainId >= 0x80000000) throw new Error('Invalid chainId')
  return (0x80000000 | chainId) >>> 0
}
