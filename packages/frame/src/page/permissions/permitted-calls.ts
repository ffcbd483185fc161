import type { Hex } from 'viem'
import { CALLS_ERRORS } from '../calls-constants.js'
import { encodeCallsId } from '../calls-id.js'
import { jsonRpc, RpcError } from '../json-rpc.js'
import { delegationStateOf } from '../smart-account-delegation.js'
import { type Call, encodeBatch, parseSendCalls, sendToSelf } from '../wallet-calls.js'
import { type WalletRpcContext, walletClientFor } from '../wallet-context.js'
import type { PermissionStore } from './permission-store.js'

const CONTEXT = /^0x[0-9a-fA-F]{64}$/

/**
 * The permission context of a `wallet_sendCalls` request (`capabilities.permissions.context`, as ERC-7715
 * has the dApp send it), or undefined when it names none.
 */
export function permissionContextOf(params: unknown): string | undefined {
  const request = Array.isArray(params) ? params[0] : undefined
  const capabilities = isRecord(request) ? request.capabilities : undefined
  const permissions = isRecord(capabilities) ? capabilities.permissions : undefined
  if (permissions === undefined) return undefined
  const context = isRecord(permissions) ? permissions.context : undefined
  if (typeof context !== 'string' || !CONTEXT.test(context)) {
    throw new RpcError('Invalid permissions context', -32602)
  }
  return context
}

export type SpendContext = {
  wallet: WalletRpcContext
  store: PermissionStore
  /** The dApp that sends the calls. */
  origin: string
  nowSeconds: () => number
}

/**
 * `wallet_sendCalls` under a permission, with no sheet: the calls are checked against the permission and
 * their spend recorded before anything is signed (a concurrent request reads it), then sent from the
 * account: one call as a plain transaction, several as one batch of an account that already runs its
 * smart-account code (a permission never upgrades the account on its own). The spend is given back
 * only when the chain refused the transaction.
 */
export async function sendPermittedCalls(spend: SpendContext, params: unknown): Promise<{ id: Hex }> {
  const { wallet } = spend
  const context = permissionContextOf(params) as string
  const request = parseSendCalls(wallet.account, wallet.chainId, [withoutPermissions(params)])
  if (request.paymaster && !request.paymaster.optional) {
    throw new RpcError('Calls under a permission are paid by the account, not a paymaster', 5700)
  }
  const spender = () => ({
    origin: spend.origin,
    chainId: wallet.chainId,
    account: wallet.account.address,
    nowSeconds: spend.nowSeconds(),
  })
  // Refused before the chain is asked anything; checked again, and recorded, once it has answered.
  spend.store.check(context, spender(), request.calls)
  const batch = request.calls.length > 1
  if (batch && !(await runsSmartAccountCode(wallet))) {
    throw new RpcError(
      'Several calls under a permission need a smart account: send them one by one',
      CALLS_ERRORS.atomicityNotSupported,
    )
  }
  const reservation = await spend.store.reserve(context, spender(), request.calls)
  try {
    const hash = batch
      ? await sendToSelf(wallet, encodeBatch(request.calls), true)
      : await sendCall(wallet, request.calls[0] as Call)
    return { id: encodeCallsId({ chainId: wallet.chainId, hash, kind: 'transaction' }) }
  } catch (error) {
    if (refusedByChain(error)) await reservation.release()
    throw error
  }
}

function sendCall(wallet: WalletRpcContext, call: Call): Promise<Hex> {
  const client = walletClientFor(wallet)
  return client.sendTransaction({
    account: wallet.account,
    chain: client.chain,
    to: call.to,
    ...(call.data === '0x' ? {} : { data: call.data }),
    value: call.value,
  })
}

async function runsSmartAccountCode(wallet: WalletRpcContext): Promise<boolean> {
  const code = await jsonRpc(
    wallet.fetch,
    wallet.rpcUrl,
    'eth_getCode',
    [wallet.account.address, 'latest'],
    wallet.signal,
  )
  return delegationStateOf(code) === 'smart'
}

/** The request without its permissions capability (the one wallet_sendCalls alone does not know). */
function withoutPermissions(params: unknown): unknown {
  const request = (params as unknown[])[0] as Record<string, unknown>
  const { permissions: _permissions, ...capabilities } = request.capabilities as Record<string, unknown>
  return { ...request, capabilities }
}

/**
 * The chain answered the transaction (or its estimate) with an error: nothing was sent. A network failure
 * may have left it sent, so its spend stays recorded.
 */
function refusedByChain(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth++) {
    if (current instanceof RpcError) return !current.message.startsWith('HTTP status')
    current = (current as { cause?: unknown }).cause
  }
  return false
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
