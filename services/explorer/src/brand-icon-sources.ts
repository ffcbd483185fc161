import type { Web3IconKind, Web3IconVariant } from './icon-packages.js'
import { badgeSvg } from './svg-badge.js'

/** Where one logo comes from: a file of @web3icons/core, a glyph of simple-icons, or drawn here (no brand). */
export type IconSource =
  | { package: 'web3icons'; kind: Web3IconKind; variant: Web3IconVariant; name: string }
  | { package: 'simple-icons'; slug: string; shape: 'circle' | 'rounded' }
  | { package: 'drawn'; svg: string }

/** A wallet (a card with a clasp) in white on slate: the image of a browser wallet with no name of its own. */
const BROWSER_WALLET_SVG = badgeSvg({
  background: '#475569',
  glyph:
    '<rect x="20" y="28" width="56" height="42" rx="8" fill="none" stroke="#fff" stroke-width="6"/>' +
    '<path d="M54 42h22v14H54a7 7 0 0 1 0-14z" fill="#fff"/><circle cx="56" cy="49" r="3" fill="#475569"/>',
})

const network = (name: string): IconSource => ({
  package: 'web3icons',
  kind: 'networks',
  variant: 'background',
  name,
})
const wallet = (name: string): IconSource => ({
  package: 'web3icons',
  kind: 'wallets',
  variant: 'background',
  name,
})
const token = (name: string): IconSource => ({
  package: 'web3icons',
  kind: 'tokens',
  variant: 'branded',
  name,
})
const brand = (slug: string, shape: 'circle' | 'rounded'): IconSource => ({
  package: 'simple-icons',
  slug,
  shape,
})

/** Network logos by CAIP-2 id: the networks of spec §3 and a few more the registry lists. */
export const networkIcons: Record<string, IconSource> = {
  'eip155:1': network('ethereum'),
  'eip155:10': network('optimism'),
  'eip155:56': network('binance-smart-chain'),
  'eip155:100': network('gnosis'),
  'eip155:137': network('polygon'),
  'eip155:250': network('fantom'),
  'eip155:314': network('filecoin'),
  'eip155:324': network('zksync'),
  'eip155:1088': network('metis-andromeda'),
  'eip155:1284': network('moonbeam'),
  'eip155:1285': network('moonriver'),
  'eip155:2020': network('ronin'),
  'eip155:4689': network('iotex'),
  'eip155:8217': network('kaia'),
  'eip155:8453': network('base'),
  'eip155:42161': network('arbitrum-one'),
  'eip155:42220': network('celo'),
  'eip155:43114': network('avalanche'),
  'eip155:7777777': network('zora'),
  'eip155:1313161554': network('aurora'),
  // Testnets wear their mainnet's logo.
  'eip155:11155111': network('ethereum'),
  'eip155:2021': network('ronin'),
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': network('solana'),
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': network('solana'),
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': network('solana'),
}

/**
 * The image ids Web3Modal 5.1.11 asks /public/getAssetImage for: its network ids (one per chain, the
 * Solana clusters sharing one) and its connector ids (WalletConnect, Coinbase, Safe, Ledger).
 */
export const web3ModalAssetIds: Record<string, IconSource> = {
  'ba0ba0cd-17c6-4806-ad93-f9d174f17900': network('ethereum'),
  'ab9c186a-c52f-464b-2906-ca59d760a400': network('optimism'),
  '93564157-2e8e-4ce7-81df-b264dbee9b00': network('binance-smart-chain'),
  '02b53f6a-e3d4-479e-1cb4-21178987d100': network('gnosis'),
  '41d04d42-da3b-4453-8506-668cc0727900': network('polygon'),
  '06b26297-fe0c-4733-5d6b-ffa5498aac00': network('fantom'),
  '5a73b3dd-af74-424e-cae0-0de859ee9400': network('filecoin'),
  'b310f07f-4ef7-49f3-7073-2a0a39685800': network('zksync'),
  '3897a66d-40b9-4833-162f-a2c90531c900': network('metis-andromeda'),
  '161038da-44ae-4ec7-1208-0ea569454b00': network('moonbeam'),
  'f1d73bb6-5450-4e18-38f7-fb6484264a00': network('moonriver'),
  'b8101fc0-9c19-4b6f-ec65-f6dfff106e00': network('ronin'),
  '34e68754-e536-40da-c153-6ef2e7188a00': network('iotex'),
  '7289c336-3981-4081-c5f4-efc26ac64a00': network('base'),
  '3bff954d-5cb0-47a0-9a23-d20192e74600': network('arbitrum-one'),
  'ab781bbc-ccc6-418d-d32d-789b15da1f00': network('celo'),
  '30c46e53-e989-45fb-4549-be3bd4eb3b00': network('avalanche'),
  '845c60df-d429-4991-e687-91ae45791600': network('zora'),
  '3ff73439-a619-4894-9262-4470c773a100': network('aurora'),
  'a1b58899-f671-4276-6a5e-56ca5bd59700': network('solana'),
  'ef1a1fcf-7fe8-4d69-bd6d-fda1345b4400': wallet('wallet-connect'),
  '0c2840c3-5b04-4c44-9661-fbd4b49e1800': wallet('coinbase'),
  '461db637-8616-43ce-035a-d89b8a1d5800': wallet('safe'),
  '54a1aa77-d202-4f8d-0fb2-5d2bb6db0300': wallet('ledger'),
  // Evmos (9001): no network logo in the package, so its token's, as the modal shows a network by its coin.
  'f926ff41-260d-4028-635e-91913fc28e00': token('EVMOS'),
  // The injected connector ("Browser Wallet") is no brand: a wallet drawn on a neutral badge.
  '07ba87ed-43aa-4adf-4540-9e6a2b9cae00': { package: 'drawn', svg: BROWSER_WALLET_SVG },
}

/** Connectors under readable ids (the WalletConnect pairing view puts this logo in its QR code). */
export const connectorIcons: Record<string, IconSource> = {
  walletconnect: wallet('wallet-connect'),
}

/** Social sign-in providers (the Connect view's buttons), served as assets under their own names. */
export const socialIcons: Record<string, IconSource> = {
  google: brand('google', 'circle'),
  github: brand('github', 'circle'),
  apple: brand('apple', 'circle'),
  facebook: brand('facebook', 'circle'),
  x: brand('x', 'circle'),
  discord: brand('discord', 'circle'),
  farcaster: brand('farcaster', 'circle'),
}

/** Token logos by symbol. MATIC and POL are the same token, renamed; WETH wears ETH's logo. */
export const tokenIcons: Record<string, IconSource> = {
  ETH: token('ETH'),
  WETH: token('ETH'),
  USDC: token('USDC'),
  USDT: token('USDT'),
  DAI: token('DAI'),
  WBTC: token('WBTC'),
  MATIC: token('POL'),
  POL: token('POL'),
  OP: token('OP'),
  ARB: token('ARB'),
  SOL: token('SOL'),
  UNI: token('UNI'),
  BNB: token('BNB'),
  AVAX: token('AVAX'),
  CELO: token('CELO'),
  GNO: token('GNO'),
  FTM: token('FTM'),
}

/** Registry wallets by slug that a package draws; the others keep their letter monogram. */
export const walletIcons: Record<string, IconSource> = {
  metamask: wallet('metamask'),
  'trust-wallet': wallet('trust'),
  'coinbase-wallet': wallet('coinbase'),
  'coinbase-smart-wallet': wallet('coinbase'),
  rainbow: wallet('rainbow'),
  rabby: wallet('rabby'),
  phantom: wallet('phantom'),
  'okx-wallet': wallet('okx'),
  zerion: wallet('zerion'),
  'ledger-live': wallet('ledger'),
  safe: wallet('safe'),
  argent: wallet('argent'),
  imtoken: wallet('imtoken'),
  tokenpocket: wallet('token-pocket'),
  exodus: wallet('exodus'),
  backpack: wallet('backpack'),
  zengo: wallet('zengo'),
  coin98: wallet('coin98'),
  enkrypt: wallet('enkrypt'),
  keplr: wallet('keplr'),
  'kraken-wallet': wallet('kraken'),
  sequence: wallet('sequence'),
  'trezor-suite': wallet('trezor'),
  'atomic-wallet': wallet('atomic'),
  'mew-wallet': wallet('my-ether-wallet'),
  alphawallet: wallet('alpha-wallet'),
  solflare: wallet('solflare'),
  glow: wallet('glow'),
  'ronin-wallet': wallet('ronin'),
  obvious: wallet('obvious'),
  pillar: wallet('pillar'),
  daimo: wallet('daimo'),
  venly: wallet('venly'),
  'brave-wallet': brand('brave', 'rounded'),
  'binance-web3-wallet': brand('binance', 'rounded'),
  'opera-crypto': brand('opera', 'rounded'),
  'blockchain-com': brand('blockchaindotcom', 'rounded'),
  'robinhood-wallet': brand('robinhood', 'rounded'),
  'kucoin-web3': brand('kucoin', 'rounded'),
}
