import type { FaultMode, SetFaultOptions } from './fault-mode.js'
import type { InjectConfigInput } from './inject-config.js'
import type { TestWalletProvider } from './test-wallet-provider.js'

/** `window.porticoTestWallet`: what a test (or a person in devtools) drives the injected wallet with. */
export interface TestWalletHandle {
  readonly provider: TestWalletProvider
  readonly address: `0x${string}`
  setFault(mode: FaultMode, options?: SetFaultOptions): void
  switchChain(chainId: number): void
  disconnect(): void
  /** Turn the prompt off (approve everything) or back on. */
  setAutoApprove(autoApprove: boolean): void
}

declare global {
  interface Window {
    __PORTICO_TEST_WALLET__?: InjectConfigInput
    porticoTestWallet?: TestWalletHandle
  }
}
