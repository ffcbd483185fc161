import * as z from 'zod/mini'

/** The global the auth service sets, in an inline script before the frame page's own, for the page to read. */
export const FRAME_ENV_GLOBAL = '__PORTICO_FRAME_ENV__'

/** What the auth service injects as `window.__PORTICO_FRAME_ENV__`; the frame page parses it on load. */
export const frameEnvSchema = z.object({
  /** Origin (and optional path prefix) of the auth service, e.g. `http://localhost:5174`. */
  authUrl: z.url(),
  /** JSON-RPC endpoint per chain; `{chainId}` and `{projectId}` are replaced. */
  rpcUrlTemplate: z.string().check(z.minLength(1)),
  /**
   * JSON-RPC endpoint of the Solana clusters; `{cluster}` (mainnet-beta, devnet, testnet), `{chainId}` (CAIP-2)
   * and `{projectId}` are replaced. Absent: the embedded wallet signs Solana messages but sends nothing.
   */
  solanaRpcUrlTemplate: z.optional(z.string().check(z.minLength(1))),
  /**
   * The operator's ERC-4337 bundler per chain (`{chainId}` replaced); with paymasterUrlTemplate, the embedded
   * wallet sends `wallet_sendCalls` batches that ask for `paymasterService` as sponsored user operations.
   */
  bundlerUrlTemplate: z.optional(z.string().check(z.minLength(1))),
  /** The operator's ERC-7677 paymaster (`{projectId}`, `{chainId}` replaced); the only one the frame calls. */
  paymasterUrlTemplate: z.optional(z.string().check(z.minLength(1))),
  /**
   * The account type of a user who never chose one: `smartAccount` makes the key's counterfactual ERC-4337
   * account the active one (where the bundler and account factory are), `eoa` (the default) the key's own.
   */
  defaultAccountType: z.optional(z.enum(['eoa', 'smartAccount'])),
  /** The chains where visitors may use a smart account; absent: every chain with the bundler and contracts. */
  smartAccountChainIds: z.optional(z.array(z.number().check(z.int(), z.positive()))),
  /** Chains the frame may use (its RPC serves them); absent: any chain. */
  chainIds: z.optional(z.array(z.number().check(z.int(), z.positive()))),
  /** Exact dApp origins allowed to embed the frame; `null` allows none. */
  allowedOrigins: z.nullable(z.array(z.string())),
})
export type FrameEnv = z.infer<typeof frameEnvSchema>

/** Where a dApp asks why its wallet frame did not load: `GET <authUrl>/frame/check?projectId=…`. */
export const FRAME_CHECK_PATH = '/frame/check'

/** The auth service's answer: whether it knows the project and lets the asking origin embed its frame. */
export const frameCheckSchema = z.object({
  projectId: z.string(),
  projectKnown: z.boolean(),
  /** The page origin the browser sent, as the service saw it. */
  origin: z.nullable(z.string()),
  originAllowed: z.boolean(),
})
export type FrameCheck = z.infer<typeof frameCheckSchema>
