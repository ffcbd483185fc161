import type { Network } from '@portico/core'
import { assetImageUrl } from '../explorer-images.js'
import { usePortico } from '../use-portico.js'

const colors: Record<number, string> = {
  1: '#627eea',
  10: '#ff0420',
  56: '#f0b90b',
  100: '#3e6957',
  137: '#8247e5',
  324: '#4e529a',
  8453: '#0052ff',
  42161: '#28a0f0',
  43114: '#e84142',
  11155111: '#8a8ea8',
}

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
      style={{ width: size, height: size, background: colors[network?.chainId ?? 0] ?? '#555866' }}
    >
      {network ? network.name.slice(0, 1) : '?'}
      {network ? <img src={assetImageUrl(explorerUrl, network.imageId)} alt="" /> : null}
    </span>
  )
}
