import * as z from 'zod/mini'
import { type PorticoConfig, type PorticoConfigInput, resolveConfig } from './config.js'
import { SOCIAL_PROVIDERS } from './constants.js'
import { ConfigError } from './errors.js'
import { isSiweConfig, type SiweConfig } from './features/siwe/siwe-config.js'
import { canonicalLocale } from './i18n/locale.js'
import { getKnownNetwork, isNetworkObject, type Network } from './networks.js'
import { THEME_VARIABLE_NAMES } from './theme-variables.js'

const isLocale = (value: string) => canonicalLocale(value) !== undefined

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })

const wsUrl = z.url({ protocol: /^wss?$/, error: 'must be a ws(s) URL' })

const walletId = z.string().check(z.regex(/^[0-9a-f]{64}$/, 'must be a 64-hex explorer wallet id'))

export const configSchema = z.object({
  projectId: z.string().check(z.trim(), z.minLength(1, 'must not be empty')),
  networks: z
    .array(
      // An EVM chain id, or another namespace's network (a Solana cluster from `@portico/solana`).
      z.custom<number | Network>(
        (id) => (typeof id === 'object' ? isNetworkObject(id) : getKnownNetwork(id as number) !== undefined),
        'unknown chain id',
      ),
    )
    .check(z.minLength(1, 'must list at least one network')),
  defaultChainId: z.optional(z.number().check(z.int())),
  metadata: z.optional(
    z.object({
      name: z.string().check(z.minLength(1, 'must not be empty')),
      description: z.optional(z.string()),
      url: httpUrl,
      icons: z.optional(z.array(httpUrl)),
    }),
  ),
  rpcUrls: z.optional(z.record(z.string().check(z.regex(/^\d+$/, 'must be a chain id')), httpUrl)),
  /**
   * Per chain id (an EVM chain's number, or a CAIP-2 id such as `solana:EtWT…`), the block explorer that
   * "View on block explorer" and transaction links open, or `false` for none; default: the network's
   * public explorer for chains with their own RPC URL, none for chains on the devnet.
   */
  blockExplorerUrls: z.optional(
    z.record(
      z.string().check(z.regex(/^(\d+|eip155:\d+|solana:[1-9A-HJ-NP-Za-km-z]{32})$/, 'must be a chain id')),
      z.union([httpUrl, z.literal(false)]),
    ),
  ),
  devnetUrl: z.optional(httpUrl),
  /** The WalletConnect relay the WalletConnect connector pairs through. */
  relayUrl: z.optional(wsUrl),
  explorerUrl: z.optional(httpUrl),
  chainApiUrl: z.optional(httpUrl),
  themeMode: z.optional(z.enum(['light', 'dark'])),
  // A value may not close the declaration it is set in (it is written as an inline style).
  themeVariables: z.optional(
    z.partialRecord(
      z.enum(THEME_VARIABLE_NAMES),
      z.string().check(z.maxLength(500), z.regex(/^[^;{}<>]*$/, 'must be one CSS value')),
    ),
  ),
  enableEIP6963: z.optional(z.boolean()),
  enableInjected: z.optional(z.boolean()),
  rpcTimeoutMs: z.optional(z.number().check(z.int(), z.positive())),
  featuredWalletIds: z.optional(z.array(walletId)),
  includeWalletIds: z.optional(z.array(walletId)),
  excludeWalletIds: z.optional(z.array(walletId)),
  allWallets: z.optional(z.enum(['SHOW', 'HIDE', 'ONLY_MOBILE'])),
  enableAnalytics: z.optional(z.boolean()),
  prefetch: z.optional(z.enum(['idle', 'intent'])),
  /** The modal's language and number, amount and date formats (BCP 47); default: the browser's. */
  locale: z.optional(z.string().check(z.refine(isLocale, 'must be a BCP 47 language tag such as en-US'))),
  /** The auth service that serves the wallet frame (e-mail and social sign-in). */
  authUrl: z.optional(httpUrl),
  features: z.optional(
    z.object({
      email: z.optional(z.boolean()),
      /** The social buttons, in this order; [] hides them. */
      socials: z.optional(z.array(z.enum(SOCIAL_PROVIDERS))),
      /** "Continue with a passkey" beside e-mail and socials (where the browser has passkeys); default on. */
      passkey: z.optional(z.boolean()),
      /** The Swap view on swap-supported networks; default on. */
      swaps: z.optional(z.boolean()),
      /** Buy crypto through an on-ramp provider; default on. */
      onramp: z.optional(z.boolean()),
    }),
  ),
  /** Sign-In With Ethereum after connecting, against the dApp's backend (see SiweConfig). */
  siwe: z.optional(
    z.custom<SiweConfig>(isSiweConfig, {
      error: 'must have the functions getNonce, createMessage, verifyMessage, getSession and signOut',
    }),
  ),
})

/** The config fields as written by the app (before defaults), adapters aside. */
export type PorticoConfigFields = z.input<typeof configSchema>

function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) =>
      typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key),
    '',
  )
}

/**
 * Validates a provider config in full (zod) and fills the defaults; the first problem throws a
 * ConfigError that names the field. `createPortico` runs it when its modal runtime loads, so the
 * schema library stays off the first paint.
 */
export function parseConfig(input: PorticoConfigInput): PorticoConfig {
  const result = configSchema.safeParse(input)
  if (!result.success) {
    const issue = result.error.issues[0]
    throw new ConfigError(formatPath(issue?.path ?? []) || 'config', issue?.message ?? 'invalid')
  }
  return resolveConfig({ ...result.data, adapters: input.adapters })
}
