import { type AppKitNetwork, arbitrum, base, mainnet, optimism, polygon } from '@reown/appkit/networks'
import { createAppKit, useAppKit } from '@reown/appkit/react'
import { WagmiAdapter } from '@reown/appkit-adapter-wagmi'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { type Config as WagmiConfig, WagmiProvider } from 'wagmi'
import { METADATA, PLACEHOLDER_PROJECT_ID } from '../../shared.ts'

const networks: [AppKitNetwork, ...AppKitNetwork[]] = [mainnet, optimism, polygon, base, arbitrum]
const wagmiAdapter = new WagmiAdapter({ networks, projectId: PLACEHOLDER_PROJECT_ID })
createAppKit({ adapters: [wagmiAdapter], networks, projectId: PLACEHOLDER_PROJECT_ID, metadata: METADATA })
const queryClient = new QueryClient()

function OpenButton() {
  const { open } = useAppKit()
  return (
    <button type="button" id="open-modal" onClick={() => void open()}>
      Connect wallet
    </button>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    {/* The adapter's config type is from @wagmi/core 3 (its optional dependency), wagmi 2's from 2.x. */}
    <WagmiProvider config={wagmiAdapter.wagmiConfig as unknown as WagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <OpenButton />
      </QueryClientProvider>
    </WagmiProvider>
  </StrictMode>,
)
