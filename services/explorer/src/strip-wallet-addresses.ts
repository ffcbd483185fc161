/**
 * An EVM address: 0x + 40 hex not followed by more hex (a 64-hex transaction hash is not one). Analytics
 * must never tie an event to a wallet: an address is a public, permanent identity for its owner.
 */
const WALLET_ADDRESS = /0x[0-9a-fA-F]{40}(?![0-9a-fA-F])/g

export const REDACTED_ADDRESS = '[address]'

export function stripAddressesFromText(text: string): string {
  return text.replace(WALLET_ADDRESS, REDACTED_ADDRESS)
}

/** Returns a copy of any JSON value with every wallet address, in keys and in strings, replaced. */
export function stripWalletAddresses<T>(value: T): T {
  if (typeof value === 'string') return stripAddressesFromText(value) as T
  if (Array.isArray(value)) return value.map(stripWalletAddresses) as T
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [stripAddressesFromText(key), stripWalletAddresses(inner)]),
    ) as T
  }
  return value
}
