/** Settings every bench app shares, so the four dApps differ only in their wallet modal. */

/** A placeholder WalletConnect / Reown project id: the bench runs offline, no cloud project is used. */
export const PLACEHOLDER_PROJECT_ID = '0123456789abcdef0123456789abcdef'

/** The same five networks in every app: Ethereum, OP Mainnet, Polygon, Base, Arbitrum One. */
export const CHAIN_IDS = [1, 10, 137, 8453, 42161] as const

export const METADATA = {
  name: 'Bench dApp',
  description: 'Minimal dApp for the wallet modal benchmark',
  url: 'http://127.0.0.1',
  icons: [] as string[],
}
