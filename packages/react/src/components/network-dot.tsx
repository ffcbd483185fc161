import type { ChainId, Network } from '@portico/core'
import { assetImageUrl } from '@portico/core/internal'
import { usePortico } from '../use-portico.js'

/** A steady colour per chain, under the logo until it loads (or if it cannot): no table to ship. */
const colorOf = (chainId: ChainId) => `hsl(${((+chainId || 6) * 47) % 360} 60% 42%)`

/**
 * A network's logo from the explorer, over its colour and initial (drawn locally, so the dot shows at
 * once, and stays when the explorer cannot be reached: a failed image with no alt text draws nothing).
 */
export function NetworkDot({ network, size = 20 }: { network: Network | undefined; size?: number }) {
  const { explorerUrl } = usePortico().config
  return (
    <span
      aria-hidden="true"
      className="portico-network-dot"
      style={{ width: size, height: size, background: network ? colorOf(network.chainId) : '#555866' }}
    >
      {network ? network.name.slice(0, 1) : '?'}
      {network ? <img src={assetImageUrl(explorerUrl, network.imageId)} alt="" /> : null}
    </span>
  )
}
