import { badgeSvg } from './svg-badge.js'

// Simple drawn marks for the commonest logos; everything else gets its colour and an abbreviation.
export const ETHEREUM_GLYPH =
  '<path d="M48 14 27 49l21 12 21-12z" fill="#fff" opacity=".9"/><path d="M48 65 27 53l21 29 21-29z" fill="#fff"/>'
const SOLANA_GLYPH =
  '<g fill="#fff"><path d="M30 28h42l-6 8H24z"/><path d="M24 44h42l6 8H30z"/><path d="M30 60h42l-6 8H24z"/></g>'
const BASE_GLYPH = '<circle cx="48" cy="48" r="26" fill="#fff"/><path d="M22 44h34v8H22z" fill="#0052FF"/>'
const POLYGON_GLYPH =
  '<path d="M35 32 22 40v16l13 8 13-8V40l13-8 13 8v16l-13 8" fill="none" stroke="#fff" stroke-width="6" stroke-linejoin="round"/>'

interface NetworkImage {
  background: string
  label: string
  glyph?: string
}

/** Network logos keyed by CAIP-2 id (the id used in /public/getAssetImage/{id}). */
const NETWORKS: Record<string, NetworkImage> = {
  'eip155:1': { background: '#627EEA', label: 'ETH', glyph: ETHEREUM_GLYPH },
  'eip155:10': { background: '#FF0420', label: 'OP' },
  'eip155:56': { background: '#F0B90B', label: 'BNB' },
  'eip155:100': { background: '#04795B', label: 'GNO' },
  'eip155:137': { background: '#8247E5', label: 'POL', glyph: POLYGON_GLYPH },
  'eip155:250': { background: '#1969FF', label: 'FTM' },
  'eip155:324': { background: '#1E1E1E', label: 'ZK' },
  'eip155:8217': { background: '#BFF009', label: 'KAIA' },
  'eip155:8453': { background: '#0052FF', label: 'BASE', glyph: BASE_GLYPH },
  'eip155:42161': { background: '#213147', label: 'ARB' },
  'eip155:42220': { background: '#35D07F', label: 'CELO' },
  'eip155:43114': { background: '#E84142', label: 'AVAX' },
  'eip155:7777777': { background: '#2B5DF0', label: 'ZORA' },
  'eip155:1313161554': { background: '#70D44B', label: 'AUR' },
  'eip155:11155111': { background: '#8A92B2', label: 'SEP', glyph: ETHEREUM_GLYPH },
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': { background: '#9945FF', label: 'SOL', glyph: SOLANA_GLYPH },
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': { background: '#6B5B95', label: 'DEV', glyph: SOLANA_GLYPH },
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': { background: '#5B6B95', label: 'TEST', glyph: SOLANA_GLYPH },
}

export const assetImageIds = Object.keys(NETWORKS)

/** SVG for a network logo, or undefined when the id is not one we draw. */
export function assetImageSvg(id: string): string | undefined {
  const network = NETWORKS[id]
  if (!network) return undefined
  return badgeSvg({
    shape: 'circle',
    background: network.background,
    label: network.label,
    glyph: network.glyph,
  })
}
