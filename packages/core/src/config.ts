import * as z from 'zod/mini'
import type { SocialOption } from './auth-backend.js'
import type { ChainAdapterFactory } from './chain-adapter.js'
import { DEFAULTS, RPC_TIMEOUT_MS, SOCIAL_PROVIDERS } from './constants.js'
import { ConfigError } from './errors.js'
import { getKnownNetwork, type Network } from './networks.js'

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })

const wsUrl = z.url({ protocol: /^wss?$/, error: 'must be a ws(s) URL' })

const walletId = z.string().check(z.regex(/^[0-9a-f]{64}$/, 'must be a 64-hex explorer wallet id'))

const configSchema = z.object({
  projectId: z.string().check(z.trim(), z.minLength(1, 'must not be empty')),
  networks: z
    .array(
      z.number().check(
        z.int('must be an integer chain id'),
        z.refine((id) => getKnownNetwork(id) !== undefined, 'unknown chain id'),
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
  devnetUrl: z.optional(httpUrl),
  /** The WalletConnect relay the WalletConnect connector pairs through. */
  relayUrl: z.optional(wsUrl),
  explorerUrl: z.optional(httpUrl),
  chainApiUrl: z.optional(httpUrl),
  themeMode: z.optional(z.enum(['light', 'dark'])),
  themeVariables: z.optional(z.record(z.string().check(z.regex(/^--portico-[a-z0-9-]+$/)), z.string())),
  enableEIP6963: z.optional(z.boolean()),
  enableInjected: z.optional(z.boolean()),
  rpcTimeoutMs: z.optional(z.number().check(z.int(), z.positive())),
  featuredWalletIds: z.optional(z.array(walletId)),
  includeWalletIds: z.optional(z.array(walletId)),
  excludeWalletIds: z.optional(z.array(walletId)),
  allWallets: z.optional(z.enum(['SHOW', 'HIDE', 'ONLY_MOBILE'])),
  enableAnalytics: z.optional(z.boolean()),
  /** The auth service that serves the wallet frame (e-mail and social sign-in). */
  authUrl: z.optional(httpUrl),
  features: z.optional(
    z.object({
      email: z.optional(z.boolean()),
      /** The social buttons, in this order; [] hides them. */
      socials: z.optional(z.array(z.enum(SOCIAL_PROVIDERS))),
    }),
  ),
})

export type PorticoConfigInput = z.input<typeof configSchema> & {
  /** Chain adapters, e.g. `[evm()]` from `@portico/evm`. */
  adapters: readonly ChainAdapterFactory[]
}

export interface PorticoConfig {
  projectId: string
  networks: readonly Network[]
  defaultChainId: number
  metadata:
    | { name: string; description?: string | undefined; url: string; icons?: string[] | undefined }
    | undefined
  rpcUrl(chainId: number): string
  relayUrl: string
  explorerUrl: string
  chainApiUrl: string
  themeMode: 'light' | 'dark'
  themeVariables: Record<string, string>
  enableEIP6963: boolean
  enableInjected: boolean
  rpcTimeoutMs: number
  featuredWalletIds: readonly string[]
  includeWalletIds: readonly string[]
  excludeWalletIds: readonly string[]
  allWallets: 'SHOW' | 'HIDE' | 'ONLY_MOBILE'
  enableAnalytics: boolean
  authUrl: string
  features: { email: boolean; socials: readonly SocialOption[] }
  adapters: readonly ChainAdapterFactory[]
}

export const DEFAULT_DEVNET_URL = 'http://127.0.0.1:8545'
export const DEFAULT_RELAY_URL = 'ws://127.0.0.1:3003'
export const DEFAULT_EXPLORER_URL = 'http://127.0.0.1:3001'
export const DEFAULT_CHAIN_API_URL = 'http://127.0.0.1:3002'
/** `localhost`, not 127.0.0.1: the wallet frame must be on another site than the dApp, as in production. */
export const DEFAULT_AUTH_URL = 'http://localhost:3004'

function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) =>
      typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key),
    '',
  )
}

/** Validates a provider config; the first problem throws a ConfigError that names the field. */
export function parseConfig(input: PorticoConfigInput): PorticoConfig {
  const result = configSchema.safeParse(input)
  if (!result.success) {
    const issue = result.error.issues[0]
    throw new ConfigError(formatPath(issue?.path ?? []) || 'config', issue?.message ?? 'invalid')
  }
  const adapters = input.adapters
  if (!Array.isArray(adapters) || adapters.some((adapter) => typeof adapter?.load !== 'function')) {
    throw new ConfigError('adapters', 'must be a list of chain adapters such as evm() from @portico/evm')
  }
  const value = result.data
  const networks = value.networks.map((id) => getKnownNetwork(id) as Network)
  const defaultChainId = value.defaultChainId ?? networks[0]?.chainId ?? DEFAULTS.defaultChainId
  if (!networks.some((network) => network.chainId === defaultChainId)) {
    throw new ConfigError('defaultChainId', 'must be one of networks')
  }
  const devnetUrl = (value.devnetUrl ?? DEFAULT_DEVNET_URL).replace(/\/$/, '')
  const rpcUrls = value.rpcUrls ?? {}
  return {
    projectId: value.projectId,
    networks,
    defaultChainId,
    metadata: value.metadata,
    rpcUrl: (chainId) => rpcUrls[String(chainId)] ?? `${devnetUrl}/${chainId}`,
    relayUrl: value.relayUrl ?? DEFAULT_RELAY_URL,
    explorerUrl: value.explorerUrl ?? DEFAULT_EXPLORER_URL,
    chainApiUrl: value.chainApiUrl ?? DEFAULT_CHAIN_API_URL,
    themeMode: value.themeMode ?? DEFAULTS.themeMode,
    themeVariables: value.themeVariables ?? {},
    enableEIP6963: value.enableEIP6963 ?? DEFAULTS.enableEIP6963,
    enableInjected: value.enableInjected ?? true,
    rpcTimeoutMs: value.rpcTimeoutMs ?? RPC_TIMEOUT_MS,
    featuredWalletIds: value.featuredWalletIds ?? [],
    includeWalletIds: value.includeWalletIds ?? [],
    excludeWalletIds: value.excludeWalletIds ?? [],
    allWallets: value.allWallets ?? DEFAULTS.allWallets,
    enableAnalytics: value.enableAnalytics ?? DEFAULTS.enableAnalytics,
    authUrl: (value.authUrl ?? DEFAULT_AUTH_URL).replace(/\/$/, ''),
    features: {
      email: value.features?.email ?? DEFAULTS.enableEmail,
      socials: value.features?.socials ?? SOCIAL_PROVIDERS,
    },
    adapters,
  }
}
