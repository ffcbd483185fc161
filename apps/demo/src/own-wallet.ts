import type { PorticoConfigInput } from '@portico/core'
import { evm, type ProvidedWallet, providedWallets } from '@portico/evm'

/** The test wallet's handle, which its script sets on the page. */
const testWallet = () => (window as { porticoTestWallet?: { provider: unknown } }).porticoTestWallet

const icon =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#0f766e"/><path d="M11 14h18v13H11z" fill="none" stroke="#fff" stroke-width="3"/><circle cx="25" cy="20.5" r="2" fill="#fff"/></svg>',
  )

/** `?ownWallet=1` on the page's address. */
export const ownWalletRequested = new URLSearchParams(location.search).get('ownWallet') === '1'

/**
 * The config with the test wallet's EIP-1193 provider handed to `evm()` as a wallet of the dApp's own, as a
 * dApp with an in-page wallet would: listed as "Demo in-page wallet" while the test wallet is installed
 * (its EIP-6963 announcement of the same provider is then not listed again).
 */
export function withOwnWallet(config: PorticoConfigInput): PorticoConfigInput {
  const wallets = providedWallets([
    {
      id: 'dev.portico.demo.in-page-wallet',
      name: 'Demo in-page wallet',
      icon,
      provider: (() => testWallet()?.provider) as ProvidedWallet['provider'],
    },
  ])
  return {
    ...config,
    adapters: config.adapters.map((adapter) => (adapter.namespace === 'eip155' ? evm({ wallets }) : adapter)),
  }
}
