import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createWeb3Modal, defaultWagmiConfig, useWeb3Modal } from '@web3modal/wagmi/react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { type Config as WagmiConfig, WagmiProvider } from 'wagmi'
import { arbitrum, base, mainnet, optimism, polygon } from 'wagmi/chains'
import { METADATA, PLACEHOLDER_PROJECT_ID } from '../../shared.ts'

const chains = [mainnet, optimism, polygon, base, arbitrum] as const
// The types come from the top-level @wagmi/core 3 (AppKit's); at build time vite.config.ts points Web3Modal
// at wagmi 2's own @wagmi/core, so the cast only bridges the type declarations.
const wagmiConfig = defaultWagmiConfig({
  chains,
  projectId: PLACEHOLDER_PROJECT_ID,
  metadata: METADATA,
}) as unknown as WagmiConfig
createWeb3Modal({ wagmiConfig: wagmiConfig as never, projectId: PLACEHOLDER_PROJECT_ID })
const queryClient = new QueryClient()

function OpenButton() {
  const { open } = useWeb3Modal()
  return (
    <button type="button" id="open-modal" onClick={() => void open()}>
      Connect wallet
    </button>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <WagmiProvider config={wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <OpenButton />
      </QueryClientProvider>
    </WagmiProvider>
  </StrictMode>,
)
