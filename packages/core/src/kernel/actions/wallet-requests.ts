import type { ChainNamespace } from '../../connection/caip.js'
import type { ChainAdapter, FeeEstimate, TransactionRequest } from '../../connection/chain-adapter.js'
import { PorticoError } from '../../errors/errors.js'
import { activeConnection, connectedIn, type KernelState } from '../kernel-state.js'

/** The adapter of the active connection's namespace; rejects when nothing is connected. */
export async function activeAdapter(state: KernelState): Promise<ChainAdapter> {
  const current = activeConnection(state)
  if (!current || !state.connection.isConnected())
    throw new PorticoError('NOT_CONNECTED', 'Connect a wallet first.')
  return state.adapters.load(current.namespace)
}

export async function signMessage(state: KernelState, message: string): Promise<string> {
  return (await activeAdapter(state)).signMessage(message)
}

/** Sends through the active wallet, then follows the transaction (its code loads with the first send). */
export async function sendTransaction(state: KernelState, request: TransactionRequest): Promise<string> {
  const [adapter, { sendAndFollow }] = await Promise.all([activeAdapter(state), import('../transactions.js')])
  return sendAndFollow(adapter, request, { active: () => activeConnection(state), events: state.events })
}

/** What `request` would cost from the active account on its network. */
export async function estimateFee(state: KernelState, request: TransactionRequest): Promise<FeeEstimate> {
  const [adapter, { estimateFrom }] = await Promise.all([activeAdapter(state), import('../transactions.js')])
  return estimateFrom(adapter, request, activeConnection(state))
}

/** The wallet's own provider in `namespace` (EVM: EIP-1193); undefined without a connection there. */
export async function getProvider(state: KernelState, namespace: ChainNamespace): Promise<unknown> {
  if (!connectedIn(state, namespace)) return undefined
  return (await state.adapters.load(namespace)).provider?.()
}

/** Follows a transaction the wallet sent outside Portico, as if Portico had sent it. */
export async function watchTransaction(
  state: KernelState,
  hash: string,
  namespace: ChainNamespace,
): Promise<void> {
  const sentFrom = connectedIn(state, namespace)
  if (!sentFrom) return
  const [adapter, { followTransaction }] = await Promise.all([
    state.adapters.load(namespace),
    import('../transactions.js'),
  ])
  followTransaction(adapter, hash, sentFrom, state.events)
}
