import type { PorticoConfigInput } from '@portico/core'
import { evm } from '@portico/evm'
import { solana, solanaDevnet, solanaMainnet, solanaTestnet } from '@portico/solana'
import { demoLocale } from './demo-locale.js'
import { lazySiweConfig, siweEnabled } from './siwe-switch.js'
import { savedThemeMode, systemThemeMode } from './theme-preference.js'

/** Service URLs the stack writes into the page, so ports changed by env reach the browser. */
const env =
  (
    globalThis as {
      __PORTICO_ENV__?: {
        devnetUrl?: string
        solanaDevnetUrl?: string
        explorerUrl?: string
        chainApiUrl?: string
        relayUrl?: string
        authUrl?: string
        /** The operator's ERC-7677 paymaster for this project: the wagmi page's sponsored batch asks for it. */
        paymasterUrl?: string
        rpcTimeoutMs?: number
      }
    }
  ).__PORTICO_ENV__ ?? {}

/** The paymaster that sponsors the demo's batches (the stack's, for the demo project). */
export const demoPaymasterUrl = env.paymasterUrl

/** The demo's Portico config: every service on the local stack, which `npm start` runs. */
export const porticoConfig: PorticoConfigInput = {
  projectId: 'portico-demo',
  devnetUrl: env.devnetUrl,
  explorerUrl: env.explorerUrl,
  chainApiUrl: env.chainApiUrl,
  // Swaps from a wallet that batches are sponsored by the stack's paymaster, as the wagmi page's batch is.
  paymasterUrl: env.paymasterUrl,
  relayUrl: env.relayUrl,
  authUrl: env.authUrl,
  rpcTimeoutMs: env.rpcTimeoutMs,
  networks: [1, 10, 137, 8453, 42161, solanaMainnet, solanaDevnet, solanaTestnet],
  metadata: {
    name: 'Portico demo',
    description: 'A dApp showing every Portico feature against the local stack',
    url: 'http://127.0.0.1:3000',
  },
  enableEIP6963: true,
  // `?locale=ar` chooses the modal's language; without it, the browser's.
  locale: demoLocale(),
  // The visitor's last choice with the theme toggle, else dark.
  themeMode: savedThemeMode() ?? systemThemeMode(),
  // The default loads the modal once the page is idle; `?prefetch=intent` shows the other mode.
  prefetch:
    typeof location !== 'undefined' && new URLSearchParams(location.search).get('prefetch') === 'intent'
      ? 'intent'
      : 'idle',
  // Sign-In With Ethereum against the demo's own backend, with `?siwe=1`.
  siwe: siweEnabled ? lazySiweConfig : undefined,
  // EVM and Solana in one modal; the local Solana clusters' URL comes from the stack like the others.
  adapters: [evm(), solana({ devnetUrl: env.solanaDevnetUrl })],
}
