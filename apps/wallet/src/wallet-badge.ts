import { shortAddress } from './describe-approval-request.js'
import type { TestWalletProvider } from './test-wallet-provider.js'
import { TEST_WALLET_ICON } from './wallet-icon.js'

export const BADGE_HOST_ID = 'portico-test-wallet-badge'

// Below a dApp's modal (Portico's sits at 2147483000), as a wallet's page corner would be: an open modal and
// its buttons are never under the badge. The wallet's own request prompt stays above everything.
const styles = `
:host { all: initial; position: fixed; left: 12px; bottom: 12px; z-index: 2147482000; }
.badge {
  /* Whole on a phone: the network list gives way, nothing runs past the screen's edge. */
  box-sizing: border-box; max-width: calc(100vw - 24px);
  display: flex; align-items: center; gap: 8px; padding: 6px 8px; border-radius: 10px;
  background: #0f172a; color: #f8fafc; box-shadow: 0 4px 16px rgba(15, 23, 42, 0.3);
  font: 12px/1.3 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
}
img { width: 20px; height: 20px; border-radius: 5px; }
.address { font-family: ui-monospace, Menlo, Consolas, monospace; white-space: nowrap; }
img, .status, .address, button { flex: none; }
select { min-width: 0; flex: 0 1 auto; }
.status { width: 8px; height: 8px; border-radius: 50%; background: #64748b; }
.status.connected { background: #22c55e; }
select, button { font: inherit; border-radius: 6px; border: 1px solid #475569; background: #1e293b; color: #f8fafc;
  padding: 3px 6px; }
button { cursor: pointer; }
button:disabled { opacity: 0.5; cursor: default; }
select:focus-visible, button:focus-visible { outline: 2px solid #38bdf8; outline-offset: 1px; }
`

export interface WalletBadge {
  remove(): void
}

/**
 * The wallet's always-visible corner: who it is, whether this site is connected, and the controls a person
 * uses inside a real wallet (network picker, disconnect). Changes go through the provider, so the dApp
 * sees exactly the events a real wallet would send.
 */
export function installWalletBadge(
  provider: TestWalletProvider,
  document: Document = globalThis.document,
): WalletBadge {
  const host = document.createElement('div')
  host.id = BADGE_HOST_ID
  const root = host.attachShadow({ mode: 'open' })

  const style = document.createElement('style')
  style.textContent = styles
  const badge = document.createElement('div')
  badge.className = 'badge'
  // A labelled landmark of its own: the wallet's corner is not part of the dApp's page regions.
  badge.setAttribute('role', 'region')
  badge.setAttribute('aria-label', 'Portico Test Wallet')

  const icon = document.createElement('img')
  icon.src = TEST_WALLET_ICON
  icon.alt = 'Portico Test Wallet'
  const status = document.createElement('span')
  status.className = 'status'
  const address = document.createElement('span')
  address.className = 'address'
  address.textContent = shortAddress(provider.address)
  address.title = provider.address

  const network = document.createElement('select')
  network.setAttribute('aria-label', 'Wallet network')
  network.addEventListener('change', () => provider.switchChain(Number(network.value)))

  const disconnect = document.createElement('button')
  disconnect.type = 'button'
  disconnect.textContent = 'Disconnect'
  disconnect.addEventListener('click', () => provider.disconnect())

  badge.append(icon, status, address, network, disconnect)
  root.append(style, badge)

  function update(): void {
    const connected = provider.isAuthorized
    status.classList.toggle('connected', connected)
    status.title = connected ? 'Connected to this site' : 'Not connected to this site'
    disconnect.disabled = !connected
    // Rebuilt each time: a dApp may have added a network, or the wallet switched to one it made up.
    network.replaceChildren(
      ...provider.chains.map((chain) => {
        const option = document.createElement('option')
        option.value = String(chain.id)
        option.textContent = `${chain.name} (${chain.id})`
        return option
      }),
    )
    network.value = String(provider.chainId)
  }

  provider.on('accountsChanged', update)
  provider.on('chainChanged', update)
  update()

  const attach = () => {
    if (!host.isConnected) (document.body ?? document.documentElement).append(host)
  }
  // Injected before the page parses (Playwright init scripts), the body does not exist yet.
  if (document.body) attach()
  else document.addEventListener('DOMContentLoaded', attach, { once: true })

  return {
    remove() {
      provider.removeListener('accountsChanged', update)
      provider.removeListener('chainChanged', update)
      host.remove()
    },
  }
}
