import {
  connectorIcons,
  type IconSource,
  networkIcons,
  socialIcons,
  tokenIcons,
  walletIcons,
  web3ModalAssetIds,
} from './brand-icon-sources.js'
import { simpleIconSvg, web3IconSvg } from './icon-packages.js'

function drawIcon(source: IconSource): Promise<string> {
  if (source.package === 'drawn') return Promise.resolve(source.svg)
  return source.package === 'web3icons'
    ? web3IconSvg(source.kind, source.variant, source.name)
    : simpleIconSvg(source.slug, source.shape)
}

async function drawAll(sources: Record<string, IconSource>): Promise<Map<string, string>> {
  const drawn = await Promise.all(
    Object.entries(sources).map(async ([id, source]) => [id, await drawIcon(source)] as const),
  )
  return new Map(drawn)
}

export interface BrandIcons {
  /** Networks by CAIP-2 id or Web3Modal image id, connectors by Web3Modal id, social providers by name. */
  asset(id: string): string | undefined
  /** Tokens by symbol, any case. */
  token(symbol: string): string | undefined
  /** Registry wallets by slug. */
  wallet(slug: string): string | undefined
}

/**
 * Reads every logo the explorer serves from the icon packages once, at start, so a request never
 * touches the disk and a missing file fails the start rather than a visitor's request.
 */
export async function loadBrandIcons(): Promise<BrandIcons> {
  const [assets, tokens, wallets] = await Promise.all([
    drawAll({ ...networkIcons, ...web3ModalAssetIds, ...connectorIcons, ...socialIcons }),
    drawAll(tokenIcons),
    drawAll(walletIcons),
  ])
  return {
    asset: (id) => assets.get(id),
    token: (symbol) => tokens.get(symbol.toUpperCase()),
    wallet: (slug) => wallets.get(slug),
  }
}

let shared: Promise<BrandIcons> | undefined

/** One set of logos per process, however many explorer instances it mounts (tests start many). */
export function sharedBrandIcons(): Promise<BrandIcons> {
  shared ??= loadBrandIcons()
  return shared
}

/** Every id /public/getAssetImage answers. */
export const assetImageIds = Object.keys({
  ...networkIcons,
  ...web3ModalAssetIds,
  ...connectorIcons,
  ...socialIcons,
})
/** Every symbol /public/getTokenImage answers. */
export const tokenImageIds = Object.keys(tokenIcons)
