import { getAddress } from 'viem'
import { z } from 'zod'
import { manifestSolanaClusterSchema } from './solana/solana-manifest.js'

const ETHER = { name: 'Ether', symbol: 'ETH', decimals: 18 }

const addressSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'expected 0x and 40 hex characters')
  .transform((address) => getAddress(address.toLowerCase()))

/** What a wallet shows for an amount: ERC-20 metadata and the native currency share it. */
const currencySchema = z.object({
  name: z.string().trim().min(1).max(100),
  symbol: z.string().trim().min(1).max(32),
  decimals: z.number().int().min(0).max(255),
})

/** An ERC-20 the service vouches for on one chain: read in balances, priced, never flagged as spam. */
export const manifestTokenSchema = currencySchema.extend({ address: addressSchema })

/**
 * A Uniswap V2 deployment: swaps are quoted on `router` and sent to `feeRouter` (which takes the provider
 * fee and swaps the rest on the router; approvals go to it), `weth` wraps the native currency, and prices
 * are read from the pools against `stablecoin`, one of the chain's tokens.
 */
export const manifestUniswapV2Schema = z.object({
  factory: addressSchema,
  router: addressSchema,
  weth: addressSchema,
  feeRouter: addressSchema,
  stablecoin: addressSchema,
})

/**
 * The smart-account contracts of a chain: ERC-4337 EntryPoint v0.8, the Simple7702Account v0.8
 * implementation EOAs delegate to with EIP-7702 authorizations (to batch calls), and EntryPoint v0.7.
 */
export const manifestAccountAbstractionSchema = z.object({
  entryPoint08: addressSchema,
  simple7702Account: addressSchema,
  entryPoint07: addressSchema.optional(),
  /** Portico's verifying paymaster, where the devnet deployed it. */
  verifyingPaymaster: addressSchema.optional(),
  /** Portico's ERC-4337 account factory for the embedded wallet's counterfactual smart accounts. */
  smartAccountFactory: addressSchema.optional(),
})

export const manifestChainSchema = z
  .object({
    chainId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    /** Shown in logs; `eip155:<chainId>` when absent. */
    name: z.string().trim().min(1).max(100).optional(),
    /** JSON-RPC endpoint the service reads balances, gas prices and blocks from. */
    rpcUrl: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }),
    /** Ether (18 decimals) when absent. */
    nativeCurrency: currencySchema.default(ETHER),
    tokens: z
      .array(manifestTokenSchema)
      .readonly()
      .default([])
      .refine(
        (tokens) => new Set(tokens.map((token) => token.address)).size === tokens.length,
        'a token address is listed twice',
      ),
    /** Without it the chain has no swaps and its tokens no USD price. */
    uniswapV2: manifestUniswapV2Schema.optional(),
    /** Absent on chains (and manifests written before it) without the smart-account contracts. */
    accountAbstraction: manifestAccountAbstractionSchema.optional(),
  })
  .refine(
    (chain) =>
      !chain.uniswapV2 || chain.tokens.some((token) => token.address === chain.uniswapV2?.stablecoin),
    { message: "the stablecoin is not one of the chain's tokens", path: ['uniswapV2', 'stablecoin'] },
  )

/**
 * The chains the chain API serves and the tokens it knows on each. The devnet writes one for what it
 * deployed (`<data>/devnet/deployed.json`); an operator writes one for real networks.
 */
export const chainManifestSchema = z
  .object({
    /** Solana clusters served beside the EVM chains (none when absent). */
    solana: z
      .array(manifestSolanaClusterSchema)
      .readonly()
      .default([])
      .refine(
        (clusters) => new Set(clusters.map((cluster) => cluster.genesisHash)).size === clusters.length,
        'a Solana cluster is listed twice',
      ),
    chains: z
      .array(manifestChainSchema)
      .readonly()
      .refine(
        (chains) => new Set(chains.map((chain) => chain.chainId)).size === chains.length,
        'a chain id is listed twice',
      ),
  })
  // A service of Solana clusters alone needs no EVM chain; one with neither serves nothing.
  .refine((manifest) => manifest.chains.length > 0 || manifest.solana.length > 0, {
    message: 'lists no chain',
    path: ['chains'],
  })

/** A manifest as written (optional fields may be left out). */
export type ChainManifestInput = z.input<typeof chainManifestSchema>
/** A validated manifest: addresses checksummed, defaults filled in. */
export type ChainManifest = z.output<typeof chainManifestSchema>
export type ManifestChain = ChainManifest['chains'][number]
export type ManifestToken = z.output<typeof manifestTokenSchema>
export type ManifestUniswapV2 = z.output<typeof manifestUniswapV2Schema>
export type ManifestAccountAbstraction = z.output<typeof manifestAccountAbstractionSchema>

export class InvalidChainManifestError extends Error {
  readonly code = 'CHAIN_API_MANIFEST_INVALID'
}

const formatPath = (path: readonly PropertyKey[]) =>
  path.reduce<string>(
    (out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)),
    '',
  )

/** Validates a manifest; every problem is named by its path, so a bad file stops start-up legibly. */
export function parseChainManifest(input: unknown, source = 'chain manifest'): ChainManifest {
  const parsed = chainManifestSchema.safeParse(input)
  if (parsed.success) return parsed.data
  const problems = parsed.error.issues.map(
    (issue) => `${issue.path.length > 0 ? formatPath(issue.path) : '(manifest)'}: ${issue.message}`,
  )
  throw new InvalidChainManifestError(`Invalid ${source}: ${problems.join('; ')}`)
}

/**
 * The manifest's chains that are served: all of them, or those of `chainIds` in that order. An id the
 * manifest does not list stops start-up, since the service would know neither its node nor its tokens.
 */
export function selectServedChains(manifest: ChainManifest, chainIds?: readonly number[]): ManifestChain[] {
  if (!chainIds) return [...manifest.chains]
  return chainIds.map((chainId) => {
    const chain = manifest.chains.find((candidate) => candidate.chainId === chainId)
    if (!chain) {
      const listed = manifest.chains.map((candidate) => candidate.chainId).join(', ')
      throw new InvalidChainManifestError(
        `Chain ${chainId} is to be served but the chain manifest does not list it (it lists ${listed})`,
      )
    }
    return chain
  })
}
