import type { ChainNamespace } from '../connection/caip.js'
import type { WalletConnection } from '../connection/chain-adapter.js'
import type { Connection } from '../connection/connection-controller.js'
import { InvalidWalletResponseError } from '../errors/wallet-errors.js'
import type { AdapterRegistry } from './adapter-registry.js'

/**
 * The checks of a wallet's answer to connect, loaded with the first connect (not with the modal): a
 * wallet is a boundary, and what it says is recorded only in the namespace's own address form.
 */
export function isValidConnection(
  adapters: AdapterRegistry,
  candidate: Connection | undefined,
  namespace: ChainNamespace,
): boolean {
  return (
    Array.isArray(candidate?.accounts) &&
    candidate.accounts.length > 0 &&
    candidate.accounts.every(
      (address) => typeof address === 'string' && adapters.isAddress(namespace, address),
    ) &&
    (namespace === 'eip155'
      ? Number.isInteger(candidate.chainId)
      : typeof candidate.chainId === 'string' && candidate.chainId.length > 0) &&
    typeof candidate.connectorId === 'string'
  )
}

/** The wallet's connection as the kernel records it; a malformed answer ends the attempt. */
export function assertConnection(
  adapters: AdapterRegistry,
  candidate: WalletConnection,
  namespace: ChainNamespace,
): Connection {
  if (!isValidConnection(adapters, candidate, namespace)) throw new InvalidWalletResponseError('connect')
  const { also: _also, ...connection } = candidate
  return { ...connection, namespace }
}

/**
 * The same wallet's connections in other namespaces, named like the main one. Those of a namespace no
 * adapter serves, or malformed, are left out: they cost the visitor nothing but a second approval.
 */
export function alsoConnections(
  adapters: AdapterRegistry,
  candidate: WalletConnection,
  main: Connection,
): Connection[] {
  const kept = new Map<ChainNamespace, Connection>()
  for (const other of Array.isArray(candidate.also) ? candidate.also : []) {
    const namespace = other?.namespace
    if (typeof namespace !== 'string' || namespace === main.namespace || kept.has(namespace)) continue
    if (!adapters.namespaces.includes(namespace) || !isValidConnection(adapters, other, namespace)) continue
    const { also: _also, ...connection } = other as WalletConnection
    kept.set(namespace, {
      ...connection,
      connectorName: main.connectorName,
      connectorIcon: main.connectorIcon,
    })
  }
  return [...kept.values()]
}
