import type { Connector } from './connector.js'

/**
 * One connector per wallet: a wallet announced in several namespaces under one name (EIP-6963 and
 * wallet-standard) becomes a MULTI_CHAIN connector whose `providers` are its connectors there, in the
 * adapters' order. Its halves share the wallet's rdns, so a recent Solana connection finds its row again.
 */
export function groupMultiChainConnectors(connectors: readonly Connector[]): Connector[] {
  const grouped: Connector[] = []
  for (const connector of connectors) {
    const index = grouped.findIndex(
      (wallet) =>
        connector.type === 'ANNOUNCED' &&
        wallet.name === connector.name &&
        (wallet.providers ?? [wallet]).every(
          (half) => half.type === 'ANNOUNCED' && half.namespace !== connector.namespace,
        ),
    )
    const wallet = grouped[index]
    if (!wallet) {
      grouped.push(connector)
      continue
    }
    const halves = [...(wallet.providers ?? [wallet]), connector]
    const info = halves.find((half) => half.info?.rdns)?.info
    grouped[index] = {
      ...wallet,
      id: `multichain:${wallet.name}`,
      type: 'MULTI_CHAIN',
      info,
      providers: halves.map((half) => ({ ...half, info })),
    }
  }
  return grouped
}
