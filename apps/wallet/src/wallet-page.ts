import { TEST_WALLET_ICON } from './wallet-icon.js'
import { TEST_WALLET_INFO } from './wallet-info.js'

export interface WalletPageOptions {
  /** The wallet's default address (account index 0). */
  readonly address: string
  /** Where the page tells people to load the wallet from. */
  readonly scriptUrl: string
}

/**
 * The page served beside inject.js (dist/index.html): what the test wallet is and how to load it. The page
 * loads the wallet itself (relative URL, so it works wherever it is served) and its badge is a live example.
 */
export function renderWalletPage({ address, scriptUrl }: WalletPageOptions): string {
  const tag = `<script src="${scriptUrl}"></script>`
  const escapedTag = tag.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${TEST_WALLET_INFO.name}</title>
<link rel="icon" href="${TEST_WALLET_ICON}">
<style>
  body { margin: 0 auto; max-width: 720px; padding: 32px 20px 96px; color: #0f172a;
    font: 16px/1.6 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
  header { display: flex; align-items: center; gap: 12px; }
  header img { width: 48px; height: 48px; }
  code, pre { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 14px; }
  pre { background: #f1f5f9; padding: 12px; border-radius: 8px; overflow-x: auto; }
  .warning { background: #fef3c7; padding: 8px 12px; border-radius: 8px; }
</style>
</head>
<body>
<header><img src="${TEST_WALLET_ICON}" alt=""><h1>${TEST_WALLET_INFO.name}</h1></header>
<p>A real EIP-1193 wallet for development and end-to-end tests of Portico. It holds a deterministic dev key,
signs locally and sends to the Portico devnet at <code>http://127.0.0.1:8545/&lt;chainId&gt;</code>.
It announces itself with EIP-6963 (rdns <code>${TEST_WALLET_INFO.rdns}</code>) and becomes
<code>window.ethereum</code> when no other wallet is installed.</p>
<p class="warning">The key comes from the public mnemonic <code>test test … junk</code>. Never send real funds to it.</p>
<h2>Address</h2>
<p><code id="wallet-address">${address}</code> (account index 0)</p>
<h2>Load it into a page</h2>
<pre>${escapedTag}</pre>
<p>Optional attributes: <code>data-rpc-base</code>, <code>data-account-index</code>,
<code>data-initial-chain-id</code>, <code>data-auto-approve</code>. Or set
<code>window.__PORTICO_TEST_WALLET__ = { rpcBase, accountIndex, initialChainId, autoApprove }</code> before the
script runs (Playwright: <code>page.addInitScript</code>).</p>
<p>Every request that needs the user shows a prompt with <b>Approve</b> and <b>Reject</b>. The badge in the
bottom-left corner switches the wallet's network and disconnects the site. From the console or a test:
<code>window.porticoTestWallet.setFault('throw' | 'hang' | 'garbage' | 'none')</code>,
<code>switchChain(chainId)</code>, <code>disconnect()</code>, <code>setAutoApprove(true)</code>.</p>
<script src="inject.js"></script>
</body>
</html>
`
}
