/** An EVM account address: `0x` and 40 hex digits, as viem and wagmi type it. */
export type EvmAddress = `0x${string}`

declare const solanaAddressBrand: unique symbol

/**
 * A Solana account address (base58 text of a 32-byte public key). Branded: a plain string is not one
 * until it is checked, so an EVM address and a Solana one cannot be mixed up.
 */
export type SolanaAddress = string & { readonly [solanaAddressBrand]: true }

/** An account's address in its namespace's own form. */
export type AccountAddress = EvmAddress | SolanaAddress
