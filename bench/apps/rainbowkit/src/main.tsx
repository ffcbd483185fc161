import '@rainbow-me/rainbowkit/styles.css'
import { getDefaultConfig, RainbowKitProvider, useConnectModal } from '@rainbow-me/rainbowkit'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { WagmiProvider } from 'wagmi'
import { arbitrum, base, mainnet, optimism, polygon } from 'wagmi/chains'
import { METADATA, PLACEHOLDER_PROJECT_ID } from '../../shared.ts'

const config = getDefaultConfig({
  appName: METADATA.name,
  projectId: PLACEHOLDER_PROJECT_ID,
  chains: [mainnet, optimism, polygon, base, arbitrum],
})
const queryClient = new QueryClient()

function OpenButton() {
  // openConnectModal is undefined while wagmi reconnects; the bench clicks well after that.
  const { openConnectModal } = useConnectModal()
  return (
    <button type="button" id="open-modal" onClick={() => openConnectModal?.()}>
      Connect wallet
    </button>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <RainbowKitProvider>
          <OpenButton />
        </RainbowKitProvider>
      </QueryClientProvider>
    </WagmiProvider>
  </StrictMode>,
)
