import { DEV_TOKENS } from '@portico/devnet'

/** A token the service vouches for: it is priced, shown with an icon and never flagged as spam. */
export interface KnownToken {
  /** Checksummed contract address; undefined for the chain's native currency. */
  address: `0x${string}` | undefined
  name: string
  symbol: string
  decimals: number
}

const ETHER = { name: 'Ether', symbol: 'ETH', decimals: 18 }

// Chains whose native currency is not ether; every other served chain is an L1/L2 paying gas in ETH.
const NATIVE_CURRENCIES: Record<number, Omit<KnownToken, 'address'>> = {
  56: { name: 'BNB', symbol: 'BNB', decimals: 18 },
  100: { name: 'xDAI', symbol: 'XDAI', decimals: 18 },
  137: { name: 'Polygon Ecosystem Token', symbol: 'POL', decimals: 18 },
  43114: { name: 'Avalanche', symbol: 'AVAX', decimals: 18 },
}

/** Stand-in for "the native token" in CAIP-10 form, the same sentinel wallet SDKs use. */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

export function nativeToken(chainId: number): KnownToken {
  return { address: undefined, ...(NATIVE_CURRENCIES[chainId] ?? ETHER) }
}

/** The ERC-20s known on a chain: the devnet's seeded tokens, at the same addresses everywhere. */
export function knownErc20s(_chainId: number): KnownToken[] {
  return DEV_TOKENS.map(({ address, name, symbol, decimals }) => ({ address, name, symbol, decimals }))
}

/** Looks up a known token by lower-case address (undefined: native); unknown contracts give undefined. */
export function findKnownToken(chainId: number, address: string | null | undefined): KnownToken | undefined {
  if (!address || address.toLowerCase() === NATIVE_TOKEN_ADDRESS) return nativeToken(chainId)
  const lower = address.toLowerCase()
  return knownErc20s(chainId).find((token) => token.address?.toLowerCase() === lower)
}
