import { ETHEREUM_GLYPH } from './asset-images.js'
import { badgeSvg } from './svg-badge.js'

/**
 * Token marks keyed by symbol (swap and balance lists). MATIC and POL are the same token, renamed.
 * Labels are plain ASCII: signs such as ₿ are missing from many system fonts and render as boxes.
 */
const TOKENS: Record<string, { background: string; label: string; glyph?: string }> = {
  ETH: { background: '#627EEA', label: 'ETH', glyph: ETHEREUM_GLYPH },
  WETH: { background: '#EC1C79', label: 'WETH', glyph: ETHEREUM_GLYPH },
  USDC: { background: '#2775CA', label: '$' },
  USDT: { background: '#26A17B', label: 'USDT' },
  DAI: { background: '#F5AC37', label: 'DAI' },
  WBTC: { background: '#F09242', label: 'BTC' },
  MATIC: { background: '#8247E5', label: 'POL' },
  POL: { background: '#8247E5', label: 'POL' },
  OP: { background: '#FF0420', label: 'OP' },
  ARB: { background: '#28A0F0', label: 'ARB' },
  SOL: { background: '#9945FF', label: 'SOL' },
  UNI: { background: '#FF007A', label: 'UNI' },
}

export const tokenImageIds = Object.keys(TOKENS)

export function tokenImageSvg(id: string): string | undefined {
  const token = TOKENS[id.toUpperCase()]
  if (!token) return undefined
  return badgeSvg({ shape: 'circle', background: token.background, label: token.label, glyph: token.glyph })
}
