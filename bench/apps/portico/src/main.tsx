import type { PorticoConfigInput } from '@portico/core'
import { evm } from '@portico/evm'
import { ConnectButton, PorticoProvider, useModal } from '@portico/react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { CHAIN_IDS, METADATA } from '../../shared.ts'

// The bench's static server writes the loopback explorer URL into the page (Portico's own backend,
// self-hosted next to the dApp); without it the default http://127.0.0.1:3001 is used.
const env = (globalThis as { __PORTICO_ENV__?: { explorerUrl?: string } }).__PORTICO_ENV__ ?? {}

const config: PorticoConfigInput = {
  projectId: 'portico-bench',
  explorerUrl: env.explorerUrl,
  networks: [...CHAIN_IDS],
  metadata: METADATA,
  enableEIP6963: true,
  adapters: [evm()],
}

/** `?button=own`: the dApp opens the modal from its own plain button, as the peers' apps do. */
const ownButton = new URLSearchParams(location.search).get('button') === 'own'

function OwnButton() {
  const { open } = useModal()
  return (
    <button type="button" id="open-modal" onClick={() => open()}>
      Connect wallet
    </button>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <PorticoProvider config={config}>{ownButton ? <OwnButton /> : <ConnectButton />}</PorticoProvider>
  </StrictMode>,
)
