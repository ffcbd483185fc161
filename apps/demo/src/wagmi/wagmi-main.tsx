import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { porticoConfig } from '../portico-config.js'
import { WagmiDemo } from './wagmi-demo.js'
import '../demo.css'

// The demo page for dApps that use wagmi (/wagmi.html): a page of its own, so the main page's first
// paint carries nothing of wagmi or TanStack Query.
document.documentElement.dataset.theme = porticoConfig.themeMode ?? 'dark'

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <WagmiDemo />
  </StrictMode>,
)
