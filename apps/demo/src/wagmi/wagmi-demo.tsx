import { porticoWagmiConfig } from '@portico/evm'
import { createPortico } from '@portico/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { WagmiProvider } from 'wagmi'
import { App } from '../app.js'
import { ownWalletRequested, withOwnWallet } from '../own-wallet.js'
import { porticoConfig } from '../portico-config.js'
import { WagmiCard } from './wagmi-card.js'

// What a dApp that uses wagmi writes: one Portico instance, shared by Portico's provider and wagmi's config.
// `?ownWallet=1` adds a wallet of the dApp's own (own-wallet.ts): this page has no first-paint budget.
const portico = createPortico(ownWalletRequested ? withOwnWallet(porticoConfig) : porticoConfig)
const wagmiConfig = porticoWagmiConfig({ portico })
const queryClient = new QueryClient()

declare module 'wagmi' {
  interface Register {
    config: typeof wagmiConfig
  }
}

/** The demo inside wagmi's provider, with a card that drives wagmi's hooks through Portico's connector. */
export function WagmiDemo() {
  return (
    <WagmiProvider config={wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <App portico={portico}>
          <WagmiCard />
        </App>
      </QueryClientProvider>
    </WagmiProvider>
  )
}
