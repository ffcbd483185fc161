import type { Network } from '@portico/core'

/** Lower case without accents, so "op" finds "OP Mainnet" and "e" finds "Ethereum" however it is typed. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase()

/**
 * The networks whose name holds every word of the query (in any order); an empty query keeps them
 * all. The Networks view's search.
 */
export function filterNetworks(networks: readonly Network[], query: string): readonly Network[] {
  const words = fold(query).split(/\s+/).filter(Boolean)
  if (words.length === 0) return networks
  return networks.filter((network) => {
    const name = fold(network.name)
    return words.every((word) => name.includes(word))
  })
}
