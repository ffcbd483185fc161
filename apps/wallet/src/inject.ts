// Browser entry, built to dist/inject.js: installs the Portico Test Wallet into the page it runs in.
import { announceProvider, installAsWindowEthereum } from './announce.js'
import { createApprovalPrompt } from './approval-prompt.js'
import { resolveInjectConfig } from './inject-config.js'
import { registerSolanaTestWallet } from './solana/register-solana-test-wallet.js'
import type { TestWalletHandle } from './test-wallet-handle.js'
import { createTestWalletProvider } from './test-wallet-provider.js'
import { installWalletBadge } from './wallet-badge.js'

function install(): void {
  // Loaded twice (init script plus a script tag, or a re-run), the first wallet stays the only one.
  if (window.porticoTestWallet) return
  const script = document.currentScript instanceof HTMLScriptElement ? document.currentScript : null
  const config = resolveInjectConfig(window.__PORTICO_TEST_WALLET__, script?.dataset)

  let autoApprove = config.autoApprove
  const prompt = createApprovalPrompt(document)
  const provider = createTestWalletProvider({
    rpcUrl: (chainId) => `${config.rpcBase}/${chainId}`,
    accountIndex: config.accountIndex,
    initialChainId: config.initialChainId,
    approve: (request) => (autoApprove ? Promise.resolve(true) : prompt.approve(request)),
  })

  const handle: TestWalletHandle = Object.freeze({
    provider,
    address: provider.address,
    setFault: provider.setFault,
    switchChain: provider.switchChain,
    disconnect: provider.disconnect,
    setAutoApprove(value: boolean) {
      autoApprove = value
    },
  })
  Object.defineProperty(window, 'porticoTestWallet', { value: handle, configurable: true, enumerable: true })

  installAsWindowEthereum(window, provider)
  announceProvider(window, provider)
  // The same wallet on Solana, through wallet-standard: one multi-chain wallet, as real ones are.
  registerSolanaTestWallet({
    accountIndex: config.accountIndex,
    rpcBase: config.solanaRpcBase,
    origin: window.location.origin,
    approve: (request) => (autoApprove ? Promise.resolve(true) : prompt.approve(request)),
  }).catch((error) => console.error('Portico Test Wallet: the Solana wallet could not start', error))
  // One badge per tab: frames get the wallet but not a second set of controls.
  if (window === window.top) installWalletBadge(provider, document)
}

install()
