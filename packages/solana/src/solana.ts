import type { Connector, Network } from '@portico/core'
import type { ChainAdapterFactory } from '@portico/core/internal'
import type { Wallet } from '@wallet-standard/base'
import { watchSolanaWallets } from './discover-solana-wallets.js'
import { isSolanaAddress } from './solana-chains.js'

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** How many bytes a base58 string decodes to (a Solana address is a 32-byte public key). */
function base58ByteLength(text: string): number {
  const bytes: number[] = []
  for (const char of text) {
    let carry = BASE58.indexOf(char)
    if (carry < 0) return -1
    for (let index = 0; index < bytes.length; index++) {
      carry += (bytes[index] as number) * 58
      bytes[index] = carry & 0xff
      carry >>= 8
    }
    while (carry > 0) {
      bytes.push(carry & 0xff)
      carry >>= 8
    }
  }
  let leadingZeros = 0
  while (text[leadingZeros] === '1') leadingZeros++
  return bytes.length + leadingZeros
}

/** A Solana account address: base58 text of a 32-byte public key. */
export const isSolanaAccountAddress = (address: string): boolean =>
  isSolanaAddress(address) && base58ByteLength(address) === 32

/** Options of `solana()`: where its clusters' RPC is served. */
export interface SolanaAdapterOptions {
  /** The local Solana clusters' base: cluster `devnet` is served at `<devnetUrl>/devnet`. */
  devnetUrl?: string | undefined
  /** A cluster's own RPC URL by CAIP-2 id (`solana:EtWT…`), instead of the devnet's. */
  rpcUrls?: Readonly<Record<string, string>> | undefined
}

/** The local Solana devnet's default base URL (`solana({ devnetUrl })` changes it). */
export const DEFAULT_SOLANA_DEVNET_URL = 'http://127.0.0.1:8899'

/**
 * The Solana adapter for `createPortico({ adapters: [evm(), solana()] })`. Importing it costs about a
 * kilobyte (wallet-standard discovery): @solana/kit and the transfer programs load only when a visitor
 * picks a Solana wallet or a remembered Solana connection is confirmed.
 *
 * @example
 * ```ts
 * import { evm } from '@portico/evm'
 * import { solana, solanaDevnet } from '@portico/solana'
 *
 * const config = { projectId: 'my-dapp', networks: [1, solanaDevnet], adapters: [evm(), solana()] }
 * ```
 */
export function solana(options: SolanaAdapterOptions = {}): ChainAdapterFactory {
  let wallets: ReadonlyMap<string, Wallet> = new Map()
  return {
    namespace: 'solana',
    isAddress: isSolanaAccountAddress,
    // A cluster served by the local devnet has no public explorer page for its accounts.
    hasOwnRpcUrl: (network) => Boolean(options.rpcUrls?.[network.caipNetworkId]),
    watchConnectors(_options, onChange) {
      return watchSolanaWallets((entries) => {
        wallets = new Map(entries.map((entry) => [entry.id, entry.wallet]))
        onChange(
          entries.map(
            (entry): Connector => ({
              id: entry.id,
              name: entry.name,
              type: 'ANNOUNCED',
              namespace: 'solana',
              imageUrl: entry.icon,
              installed: true,
            }),
          ),
        )
      })
    },
    async load(context) {
      const { createSolanaAdapter } = await import('./solana-adapter.js')
      const devnetUrl = (options.devnetUrl ?? DEFAULT_SOLANA_DEVNET_URL).replace(/\/$/, '')
      const rpcUrl = (network: Network) =>
        options.rpcUrls?.[network.caipNetworkId] ?? `${devnetUrl}/${network.cluster}`
      return createSolanaAdapter(context, rpcUrl, (connectorId) => wallets.get(connectorId))
    },
  }
}
