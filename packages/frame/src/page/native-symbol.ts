// The devnet's networks; any other chain's native token shows as ETH.
const NATIVE_SYMBOLS: Record<number, string> = { 137: 'POL' }

/** The symbol the sheet writes amounts of a chain's native currency in. */
export const nativeSymbol = (chainId: number) => NATIVE_SYMBOLS[chainId] ?? 'ETH'
