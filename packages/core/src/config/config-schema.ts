import * as z from 'zod/mini'
import { getKnownNetwork, isNetworkObject, type Network } from '../connection/networks.js'
import { isSiweConfig, type SiweConfig } from '../features/siwe/siwe-config.js'
import { canonicalLocale } from '../i18n/locale.js'
import { THEME_VARIABLE_NAMES } from '../modal/theme-variables.js'
import { SOCIAL_PROVIDERS } from './constants.js'

const isLocale = (value: string) => canonicalLocale(value) !== undefined

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })

const wsUrl = z.url({ protocol: /^wss?$/, error: 'must be a ws(s) URL' })

const walletId = z.string().check(z.regex(/^[0-9a-f]{64}$/, 'must be a 64-hex explorer wallet id'))

/** The config a dApp passes to `createPortico` or `<PorticoProvider config={…}>`, field by field. */
export const configSchema = z.object({
  /**
   * The dApp's project id on the auth service, the explorer and the relay (required); the operator
   * registers it with the origins it may be used from.
   */
  projectId: z.string().check(z.trim(), z.minLength(1, 'must not be empty')),
  /**
   * The networks the dApp supports, in the order the network list shows them: EVM chain ids (`1`, `8453`…)
   * or another namespace's network objects (`solanaDevnet` from `@portico/solana`). At least one.
   */
  networks: z
    .array(
      // An EVM chain id, or another namespace's network (a Solana cluster from `@portico/solana`).
      z.custom<number | Network>(
        (id) => (typeof id === 'object' ? isNetworkObject(id) : getKnownNetwork(id as number) !== undefined),
        'unknown chain id',
      ),
    )
    .check(z.minLength(1, 'must list at least one network')),
  /** The chain a connection starts on and the buttons show while disconnected; default: `networks[0]`. */
  defaultChainId: z.optional(z.number().check(z.int())),
  /** The dApp as wallets show it when it asks to connect (WalletConnect pairing, the embedded wallet). */
  metadata: z.optional(
    z.object({
      /** The dApp's name, e.g. `"My dApp"`. */
      name: z.string().check(z.minLength(1, 'must not be empty')),
      /** One line on what the dApp does. */
      description: z.optional(z.string()),
      /** The dApp's address, e.g. `https://my-dapp.example`. */
      url: httpUrl,
      /** Icon URLs, largest first. */
      icons: z.optional(z.array(httpUrl)),
    }),
  ),
  /** The dApp's own RPC URL per EVM chain id (`{ '8453': 'https://…' }`); default: the devnet's. */
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
  /**
   * The local devnet that serves the chains without an RPC URL of their own, at `<devnetUrl>/<chainId>`;
   * default `http://127.0.0.1:8545`.
   */
  devnetUrl: z.optional(httpUrl),
  /** The WalletConnect relay the WalletConnect connector pairs through; default `ws://127.0.0.1:3003`. */
  relayUrl: z.optional(wsUrl),
  /** The explorer service: the wallet list, wallet icons and analytics; default `http://127.0.0.1:3001`. */
  explorerUrl: z.optional(httpUrl),
  /** The chain API service: balances, activity, names, swaps, on-ramp; default `http://127.0.0.1:3002`. */
  chainApiUrl: z.optional(httpUrl),
  /**
   * The operator's ERC-7677 paymaster for this project: where the connected wallet can batch (EIP-5792) and
   * sponsor, a swap asks it to pay the fee. No default: without it swaps pay their own fee.
   */
  paymasterUrl: z.optional(httpUrl),
  /** The modal's and buttons' colour scheme; default `'dark'`. */
  themeMode: z.optional(z.enum(['light', 'dark'])),
  /**
   * CSS values for the `--portico-*` variables (accent, radius, font, z-index…; see ThemeVariables), which
   * the modal and the buttons both read. A value may not close the declaration it is set in (it is
   * written as an inline style).
   */
  themeVariables: z.optional(
    z.partialRecord(
      z.enum(THEME_VARIABLE_NAMES),
      z.string().check(z.maxLength(500), z.regex(/^[^;{}<>]*$/, 'must be one CSS value')),
    ),
  ),
  /** List the wallets that announce themselves through EIP-6963; default off. */
  enableEIP6963: z.optional(z.boolean()),
  /** List `window.ethereum` as "Browser wallet" unless an EIP-6963 announcement is the same; default on. */
  enableInjected: z.optional(z.boolean()),
  /** How long an RPC request may take before it fails with an RpcTimeoutError, in ms; default 10,000. */
  rpcTimeoutMs: z.optional(z.number().check(z.int(), z.positive())),
  /** Explorer wallet ids listed first on Connect, in this order. */
  featuredWalletIds: z.optional(z.array(walletId)),
  /** When set, the only explorer wallets listed (by id); default: all. */
  includeWalletIds: z.optional(z.array(walletId)),
  /** Explorer wallets never listed (by id). */
  excludeWalletIds: z.optional(z.array(walletId)),
  /** The "All wallets" entry: `'SHOW'` (default), `'HIDE'`, or `'ONLY_MOBILE'` (touch screens only). */
  allWallets: z.optional(z.enum(['SHOW', 'HIDE', 'ONLY_MOBILE'])),
  /** Send the explorer anonymous modal events, while its `/getAnalyticsConfig` allows them; default on. */
  enableAnalytics: z.optional(z.boolean()),
  /**
   * When the modal's code loads: `'idle'` (default) once the page is idle, so any open renders at once;
   * `'intent'` when the visitor points at, focuses or presses a Portico button (the least before a click).
   */
  prefetch: z.optional(z.enum(['idle', 'intent'])),
  /** The modal's language and number, amount and date formats (BCP 47); default: the browser's. */
  locale: z.optional(z.string().check(z.refine(isLocale, 'must be a BCP 47 language tag such as en-US'))),
  /** The auth service serving the wallet frame (e-mail and social sign-in); default `http://localhost:3004`. */
  authUrl: z.optional(httpUrl),
  /** The modal's optional features, each on by default. */
  features: z.optional(
    z.object({
      /** "Continue with e-mail" and the embedded wallet it signs in to; default on. */
      email: z.optional(z.boolean()),
      /** The social buttons, in this order; [] hides them; default: every provider. */
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
