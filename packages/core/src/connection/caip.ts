/** CAIP-2 network ids (`namespace:reference`) and CAIP-10 account ids (`namespace:reference:address`). */
export type CaipNetworkId = `${string}:${string}`
/** A CAIP-10 account id: `namespace:reference:address` (`eip155:1:0xab…`). */
export type CaipAccountId = `${string}:${string}:${string}`

/** A CAIP-2 namespace: `eip155` (EVM) today, `solana` next; adapters are registered by it. */
export type ChainNamespace = 'eip155' | 'solana' | (string & {})

/**
 * A chain id within its namespace: the number of an EVM chain (`1` of `eip155:1`), else the CAIP-2
 * reference (`5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp` of a Solana cluster). EVM code narrows with `typeof`.
 */
export type ChainId = number | string

/** The CAIP-2 id of a chain id: numbers are EVM chains, strings the reference of a Solana cluster. */
export function caipNetworkIdOf(chainId: ChainId): CaipNetworkId {
  return typeof chainId === 'number' ? `eip155:${chainId}` : `solana:${chainId}`
}

/** The namespace a chain id belongs to (numbers: EVM). */
export function namespaceOf(chainId: ChainId): ChainNamespace {
  return typeof chainId === 'number' ? 'eip155' : 'solana'
}

/** The CAIP-2 id of an EVM chain: `eip155:<chainId>`. */
export function toCaipNetworkId(chainId: number): `eip155:${number}` {
  return `eip155:${chainId}`
}

/** A CAIP-2 id's namespace and reference, or undefined for a string that is not one. */
export function parseCaipNetworkId(id: string): { namespace: string; reference: string } | undefined {
  const match = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32})$/.exec(id)
  if (!match) return undefined
  return { namespace: match[1] as string, reference: match[2] as string }
}

export function toCaipAddress(chainId: ChainId, address: string): string {
  return `${caipNetworkIdOf(chainId)}:${address}`
}
