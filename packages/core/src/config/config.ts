import type { SocialOption } from '../auth/auth-backend.js'
import type { ChainId } from '../connection/caip.js'
import type { ChainAdapterFactory } from '../connection/chain-adapter.js'
import { getKnownNetwork, type Network } from '../connection/networks.js'
import { ConfigError } from '../errors/errors.js'
import type { ThemeVariables } from '../modal/theme-variables.js'
import type { PorticoConfigFields } from './config-schema.js'
import type { ConfiguredChainId, NetworkInput } from './configured-chain-id.js'
import { DEFAULTS, RPC_TIMEOUT_MS, SOCIAL_PROVIDERS } from './constants.js'

/**
 * The config a dApp passes to `createPortico` or `<PorticoProvider config={…}>` (see each field).
 * `networks` is the list as written, so `createPortico` knows the configured chain ids by type.
 */
export type PorticoConfigInput<networks extends NetworkInput[] = NetworkInput[]> = PorticoConfigFields & {
  /** The networks the dApp supports; their chain ids are the only ones `switchNetwork` takes. */
  networks: networks
  /** One of `networks`' EVM chain ids. */
  defaultChainId?: NoInfer<Extract<ConfiguredChainId<networks>, number>> | undefined
  /** Chain adapters, e.g. `[evm()]` from `@portico/evm`. */
  adapters: readonly ChainAdapterFactory[]
}

/** The config with its defaults filled in, as `portico.config` holds it. */
export interface PorticoConfig {
  projectId: string
  networks: readonly Network[]
  defaultChainId: ChainId
  metadata:
    | { name: string; description?: string | undefined; url: string; icons?: string[] | undefined }
    | undefined
  rpcUrl(chainId: ChainId): string
  /** The dApp's own RPC URLs by chain id (chains without one are served by the devnet). */
  rpcUrls: Readonly<Record<string, string>>
  /** The dApp's block explorers by CAIP-2 id or EVM chain id, `false` for none (read through `blockExplorerUrl`). */
  blockExplorerUrls: Readonly<Record<string, string | false>>
  relayUrl: string
  explorerUrl: string
  chainApiUrl: string
  /** The ERC-7677 paymaster swaps ask to sponsor their batch, when set. */
  paymasterUrl: string | undefined
  themeMode: 'light' | 'dark'
  themeVariables: ThemeVariables
  enableEIP6963: boolean
  enableInjected: boolean
  rpcTimeoutMs: number
  featuredWalletIds: readonly string[]
  includeWalletIds: readonly string[]
  excludeWalletIds: readonly string[]
  allWallets: 'SHOW' | 'HIDE' | 'ONLY_MOBILE'
  enableAnalytics: boolean
  authUrl: string
  /** `swaps`: the Swap view on swap-supported networks (default on); `onramp`: Buy crypto (default on). */
  features: {
    email: boolean
    socials: readonly SocialOption[]
    /** Passkey sign-in (a passkey account) beside e-mail and socials. */
    passkey: boolean
    swaps: boolean
    onramp: boolean
  }
  /**
   * When the modal's code loads: 'idle' (default) once the page is idle, after the first paint, so any
   * open (a click, a script's `click()`, `open()` from the dApp's code) renders at once; 'intent' only
   * when the visitor points at, focuses or presses a Portico button (a page that shows none has no
   * intent to wait for: it loads once idle). A visitor who asks to save data (Save-Data) gets 'intent'.
   */
  prefetch: 'idle' | 'intent'
  /** The modal's locale as configured; undefined: the browser's (resolved when the modal loads). */
  locale: string | undefined
  adapters: readonly ChainAdapterFactory[]
}

/** The default chain if it is an EVM one, else Ethereum: EVM-only parts (the embedded wallet) start there. */
export const defaultEvmChainId = ({ defaultChainId }: Pick<PorticoConfig, 'defaultChainId'>): number =>
  typeof defaultChainId === 'number' ? defaultChainId : 1

/** `devnetUrl`'s default: the local stack's devnet. */
export const DEFAULT_DEVNET_URL = 'http://127.0.0.1:8545'
/** `relayUrl`'s default: the local stack's WalletConnect relay. */
export const DEFAULT_RELAY_URL = 'ws://127.0.0.1:3003'
/** `explorerUrl`'s default: the local stack's explorer. */
export const DEFAULT_EXPLORER_URL = 'http://127.0.0.1:3001'
/** `chainApiUrl`'s default: the local stack's chain API. */
export const DEFAULT_CHAIN_API_URL = 'http://127.0.0.1:3002'
/** `localhost`, not 127.0.0.1: the wallet frame must be on another site than the dApp, as in production. */
export const DEFAULT_AUTH_URL = 'http://localhost:3004'

/**
 * Fills the defaults with plain code (no schema library, so it can run on the first paint) and
 * checks what the first paint relies on: project id, networks, default chain and adapters. The full
 * check of every field is `parseConfig` (parse-config.ts), which the modal runtime runs.
 */
export function resolveConfig(value: PorticoConfigInput): PorticoConfig {
  const projectId = typeof value.projectId === 'string' ? value.projectId.trim() : ''
  if (!projectId) throw new ConfigError('projectId', 'must not be empty')
  if (!Array.isArray(value.networks) || value.networks.length === 0) {
    throw new ConfigError('networks', 'must list at least one network')
  }
  const networks = value.networks.map((id, index) => {
    // EVM chains by number; other namespaces' networks as objects from their adapter's package.
    const network = typeof id === 'object' ? id : getKnownNetwork(id)
    if (!network) throw new ConfigError(`networks[${index}]`, 'unknown chain id')
    return network
  })
  const adapters = value.adapters
  if (!Array.isArray(adapters) || adapters.some((adapter) => typeof adapter?.load !== 'function')) {
    throw new ConfigError('adapters', 'must be a list of chain adapters such as evm() from @portico/evm')
  }
  const defaultChainId: ChainId = value.defaultChainId ?? networks[0]?.chainId ?? DEFAULTS.defaultChainId
  if (!networks.some((network) => network.chainId === defaultChainId)) {
    throw new ConfigError('defaultChainId', 'must be one of networks')
  }
  const devnetUrl = (value.devnetUrl ?? DEFAULT_DEVNET_URL).replace(/\/$/, '')
  const rpcUrls = value.rpcUrls ?? {}
  return {
    projectId,
    networks,
    defaultChainId,
    metadata: value.metadata,
    // EVM chains; a Solana cluster's URL is its adapter's (`solana({ devnetUrl, rpcUrls })`).
    rpcUrl: (chainId) => rpcUrls[String(chainId)] ?? `${devnetUrl}/${chainId}`,
    rpcUrls,
    blockExplorerUrls: value.blockExplorerUrls ?? {},
    relayUrl: value.relayUrl ?? DEFAULT_RELAY_URL,
    explorerUrl: value.explorerUrl ?? DEFAULT_EXPLORER_URL,
    chainApiUrl: value.chainApiUrl ?? DEFAULT_CHAIN_API_URL,
    paymasterUrl: value.paymasterUrl,
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
      passkey: value.features?.passkey ?? DEFAULTS.enablePasskey,
      swaps: value.features?.swaps ?? DEFAULTS.enableSwaps,
      onramp: value.features?.onramp ?? DEFAULTS.enableOnramp,
    },
    prefetch: value.prefetch ?? 'idle',
    locale: value.locale,
    adapters,
  }
}
