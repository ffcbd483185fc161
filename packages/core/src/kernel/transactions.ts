import type { ChainAdapter, FeeEstimate, TransactionRequest } from '../connection/chain-adapter.js'
import type { Connection } from '../connection/connection-controller.js'
import { PorticoError } from '../errors/errors.js'
import { normalizeError } from '../errors/normalize-error.js'
import type { KernelCore } from './kernel-types.js'

/** What `request` would cost from the active account on its network. */
export function estimateFrom(
  adapter: ChainAdapter,
  request: TransactionRequest,
  from: Connection | undefined,
): Promise<FeeEstimate> {
  if (!adapter.estimateFee || !from?.accounts[0])
    throw new PorticoError('UNSUPPORTED_METHOD', 'This network cannot estimate fees.')
  return adapter.estimateFee({ ...request, from: from.accounts[0] }, from.chainId)
}

/**
 * Sends through the active wallet and announces the transaction, then its confirmation once in a block.
 * Loaded with the first send or estimate, not with the modal.
 */
export async function sendAndFollow(
  adapter: ChainAdapter,
  request: TransactionRequest,
  { active, events }: Pick<KernelCore, 'events'> & { active(): Connection | undefined },
): Promise<string> {
  const hash = await adapter.sendTransaction(request).catch((error: unknown) => {
    // A transaction the account cannot pay for is named to the visitor (whoever asked for it), and the
    // dApp gets the error by that name too.
    const normalized = normalizeError(error, 'sendTransaction')
    if (normalized.code !== 'INSUFFICIENT_FUNDS') throw error
    events.emit('transactionFailed', { error: normalized })
    throw normalized
  })
  const sentFrom = active()
  if (sentFrom) followTransaction(adapter, hash, sentFrom, events)
  return hash
}

/**
 * Announces a transaction `sentFrom` sent, then its confirmation once in a block (balances and activity
 * refresh on it), whoever sent it: Portico's own send, or a library the dApp drives the wallet with.
 */
export function followTransaction(
  adapter: ChainAdapter,
  hash: string,
  sentFrom: Connection,
  events: KernelCore['events'],
): void {
  events.emit('transactionSent', { hash, connection: sentFrom })
  adapter.waitForTransaction(hash, sentFrom.chainId).then(
    ({ status }) => events.emit('transactionConfirmed', { hash, connection: sentFrom, status }),
    () => {},
  )
}
