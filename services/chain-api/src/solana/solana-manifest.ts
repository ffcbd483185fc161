import { isAddress } from '@solana/kit'
import { z } from 'zod'

/** A Solana account address: 32 bytes in base58 (32 to 44 characters, spec §5). */
export const solanaAddressSchema = z
  .string({ error: 'is required' })
  .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'expected 32 to 44 base58 characters')
  .refine((value) => isAddress(value), 'expected a 32-byte base58 address')

const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 }

const currencySchema = z.object({
  name: z.string().trim().min(1).max(100),
  symbol: z.string().trim().min(1).max(32),
  decimals: z.number().int().min(0).max(255),
  /**
   * USD per whole token. A cluster has no pool to read prices from (the devnet runs no Solana AMM), so the
   * manifest states them; a token without one shows no USD value.
   */
  usdPrice: z.number().nonnegative().finite().optional(),
})

/** An SPL token the service vouches for on one cluster: read in balances, priced, never flagged as spam. */
export const manifestSplTokenSchema = currencySchema.extend({ mint: solanaAddressSchema })

/** One Solana cluster the chain API serves, as the devnet (or an operator) lists it in the manifest. */
export const manifestSolanaClusterSchema = z.object({
  /** The cluster's genesis hash: its CAIP-2 reference is the first 32 characters. */
  genesisHash: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'expected a base58 genesis hash'),
  name: z.string().trim().min(1).max(100),
  /** JSON-RPC endpoint balances, fees and blocks are read from. */
  rpcUrl: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }),
  nativeCurrency: currencySchema.default(SOL),
  tokens: z
    .array(manifestSplTokenSchema)
    .readonly()
    .default([])
    .refine(
      (tokens) => new Set(tokens.map((token) => token.mint)).size === tokens.length,
      'a mint is listed twice',
    ),
})

export type ManifestSolanaCluster = z.output<typeof manifestSolanaClusterSchema>
export type ManifestSplToken = z.output<typeof manifestSplTokenSchema>
