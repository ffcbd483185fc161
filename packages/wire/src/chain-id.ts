import type { ChainIdInput } from './frame-messages.js'

/** `1`, `'1'`, `'0x1'` and `'eip155:1'` all mean chain 1. Input is assumed already schema-checked. */
export function toChainIdNumber(input: ChainIdInput): number {
  if (typeof input === 'number') return input
  const bare = input.startsWith('eip155:') ? input.slice('eip155:'.length) : input
  return bare.startsWith('0x') ? Number.parseInt(bare.slice(2), 16) : Number.parseInt(bare, 10)
}
