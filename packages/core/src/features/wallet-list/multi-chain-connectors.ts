import type { Connector } from '../../connection/connector.js'

/**
 * One connector per wallet: a wallet announced in several namespaces under one name (EIP-6963 and
 * wallet-standard) becomes a MULTI_CHAIN connector whose `providers` are its connectors there, in the
 * adapters' order. Its halves share the wallet's rdns, so a recent Solana connection finds its row again.
 */
export function groupMultiChainConnectors(connectors: readonly Connector[]): Connector[] {
  const grouped: Connector[] = []
  for (const connector of connectors) {
    const at = grouped.findIndex(
      (wallet) =>
        connector.type === 'ANNOUNCED' &&
        wallet.name === connector.name &&
        !(wallet.providers ?? [wallet]).some(
          (half) => half.type !== 'ANNOUNCED' || half.namespace === connector.namespace,
        ),
    )
    const wallet = grouped[at]
    if (!wallet) grouped.push(connector)
    else {
      const info = wallet.info ?? connector.info
      const providers = [...(wallet.providers ?? [wallet]), connector].map((half) => ({ ...half, info }))
      grouped[at] = { ...wallet, id: `multichain:${wallet.name}`, type: 'MULTI_CHAIN', info, providers }
    }
  }
  return grouped
}
