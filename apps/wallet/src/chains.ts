/** A network the wallet knows. `rpcUrl` is only set for networks added by a dApp (wallet_addEthereumChain). */
export interface WalletChain {
  readonly id: number
  readonly name: string
  readonly rpcUrl?: string
}

/** The chains the Portico devnet serves; the wallet knows them all by default. */
export const DEFAULT_WALLET_CHAINS: readonly WalletChain[] = Object.freeze([
  { id: 1, name: 'Ethereum' },
  { id: 10, name: 'OP Mainnet' },
  { id: 137, name: 'Polygon' },
  { id: 8453, name: 'Base' },
  { id: 42161, name: 'Arbitrum One' },
  { id: 11155111, name: 'Sepolia' },
])

export function toHexChainId(chainId: number): `0x${string}` {
  return `0x${chainId.toString(16)}`
}

/** Parses a hex chain id as EIP-3085 wants it: 0x-prefixed, no leading zeros, positive. */
export function parseHexChainId(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^0x[1-9a-fA-F][0-9a-fA-F]*$/.test(value)) return undefined
  const chainId = Number.parseInt(value.slice(2), 16)
  return Number.isSafeInteger(chainId) ? chainId : undefined
}
