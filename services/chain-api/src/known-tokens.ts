import type { ManifestChain } from './chain-manifest.js'

/** A token the service vouches for: it is priced, shown with an icon and never flagged as spam. */
export interface KnownToken {
  /** Checksummed contract address; undefined for the chain's native currency. */
  address: `0x${string}` | undefined
  name: string
  symbol: string
  decimals: number
}

/** Stand-in for "the native token" in CAIP-10 form, the same sentinel wallet SDKs use. */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** The native currency and ERC-20s of each served chain, as its manifest lists them. */
export function createKnownTokens(chains: readonly ManifestChain[]) {
  const byChain = new Map(
    chains.map((chain) => [
      chain.chainId,
      {
        native: { address: undefined, ...chain.nativeCurrency } satisfies KnownToken,
        erc20s: chain.tokens.map(
          ({ address, name, symbol, decimals }): KnownToken => ({
            address,
            name,
            symbol,
            decimals,
          }),
        ),
      },
    ]),
  )
  const of = (chainId: number) => {
    const entry = byChain.get(chainId)
    if (!entry) throw new RangeError(`chain ${chainId} is not served`)
    return entry
  }
  return {
    native: (chainId: number): KnownToken => of(chainId).native,
    erc20s: (chainId: number): readonly KnownToken[] => of(chainId).erc20s,
    /** Looks a token up by address (null, undefined or the sentinel: native); unknown contracts give undefined. */
    find(chainId: number, address: string | null | undefined): KnownToken | undefined {
      if (!address || address.toLowerCase() === NATIVE_TOKEN_ADDRESS) return of(chainId).native
      const lower = address.toLowerCase()
      return of(chainId).erc20s.find((token) => token.address?.toLowerCase() === lower)
    },
  }
}

export type KnownTokens = ReturnType<typeof createKnownTokens>
