/** CAIP-2 network ids (`namespace:reference`) and CAIP-10 account ids (`namespace:reference:address`). */
export type CaipNetworkId = `${string}:${string}`
export type CaipAccountId = `${string}:${string}:${string}`

/** A CAIP-2 namespace: `eip155` (EVM) today, `solana` next; adapters are registered by it. */
export type ChainNamespace = 'eip155' | 'solana' | (string & {})

export function toCaipNetworkId(chainId: number): `eip155:${number}` {
  return `eip155:${chainId}`
}

export function parseCaipNetworkId(id: string): { namespace: string; reference: string } | undefined {
  const match = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32})$/.exec(id)
  if (!match) return undefined
  return { namespace: match[1] as string, reference: match[2] as string }
}

export function toCaipAddress(chainId: number, address: string): string {
  return `eip155:${chainId}:${address}`
}
