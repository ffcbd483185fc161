import { FrameError, NOT_SAFE_METHODS, RPC_NOT_ALLOWED } from '@portico/wire'
import { isInsufficientFunds } from '../errors/normalize-error.js'
import { ProviderErrorCode } from '../errors/provider-error-code.js'
import { errorMessages } from '../i18n/messages.js'
import type { AuthBackendOptions } from './auth-backend.js'
import { type FrameClient, LONG_POLL_TIMEOUT_MS } from './frame-client.js'
import type { FrameStorage } from './frame-storage.js'

/**
 * EIP-1474's "transaction rejected": the request was fine, the account cannot pay. (Not -32000, "invalid
 * input": viem answers that by retrying as wallet_sendTransaction.)
 */
const INSUFFICIENT_FUNDS_RPC_CODE = -32003

type Listener = (...args: unknown[]) => void

/**
 * The error an EIP-1193 provider rejects with: a numeric `code` viem and wallets switch on. Not viem's
 * ProviderRpcError: this chunk loads with the sign-in, before viem, on a size budget.
 */
class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

export interface FrameProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, listener: Listener): void
  removeListener(event: string, listener: Listener): void
  /** Tells the listeners of `event` (accountsChanged on sign-out, chainChanged on a switch). */
  emit(event: string, ...args: unknown[]): void
}

export interface FrameProviderOptions
  extends Pick<AuthBackendOptions, 'chainId' | 'onSigningRequest' | 'onNotAllowed'> {
  client: FrameClient
  storage: FrameStorage
  /** Sends the modal's theme and locale to the frame, so its sheet looks like the modal now. */
  syncTheme(): void
}

/** Asks the frame for its session; a missing one clears the dApp-side login cache (spec §4). */
export async function checkConnected({ client, storage }: Pick<FrameProviderOptions, 'client' | 'storage'>) {
  const { isConnected } = await client.request('IS_CONNECTED')
  storage.onConnectionCheck(isConnected)
  return isConnected
}

/** The embedded wallet as an EIP-1193 provider for the chain adapter: signing goes to the frame's sheet. */
export function createFrameProvider(options: FrameProviderOptions): FrameProvider {
  const listeners = new Map<string, Set<Listener>>()
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) listener(...args)
  }
  return {
    async request({ method, params }) {
      const local = await answerHere(options, method, params, emit)
      return local === forwarded ? forwardToFrame(options, method, params) : local
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set<Listener>()
      listeners.set(event, set)
      set.add(listener)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
    emit,
  }
}

const forwarded = Symbol('forwarded')

async function accounts(options: FrameProviderOptions): Promise<string[]> {
  if (!(await checkConnected(options))) return []
  const { client, storage } = options
  const user = await client.request('GET_USER', { chainId: storage.getLastUsedChainId() ?? options.chainId })
  return [user.address]
}

/** The methods the provider answers itself or refuses; `forwarded` for the ones the frame answers. */
async function answerHere(
  options: FrameProviderOptions,
  method: string,
  params: unknown,
  emit: FrameProvider['emit'],
): Promise<unknown> {
  const { client, storage } = options
  switch (method) {
    case 'eth_accounts':
      return accounts(options)
    case 'eth_requestAccounts': {
      const list = await accounts(options)
      if (list.length === 0) throw new ProviderRpcError(ProviderErrorCode.Unauthorized, 'Sign in first')
      return list
    }
    case 'eth_chainId': {
      const { chainId } = await client.request('GET_CHAIN_ID')
      return `0x${chainId.toString(16)}`
    }
    case 'wallet_switchEthereumChain': {
      const [target] = (params ?? []) as [{ chainId?: string }]
      const { chainId } = await client.request('SWITCH_NETWORK', { chainId: String(target?.chainId) })
      storage.setLastUsedChainId(chainId)
      emit('chainChanged', `0x${chainId.toString(16)}`)
      return null
    }
    // viem retries a refused eth_sendTransaction as this; unknown here, so the first refusal stands
    // (and no "not allowed" is shown for a request the dApp never made).
    case 'wallet_sendTransaction':
      throw new ProviderRpcError(ProviderErrorCode.MethodNotFound, `${method} is not supported`)
    // Permissions belong to injected wallets; the embedded wallet's session is its sign-in.
    case 'wallet_requestPermissions':
    case 'wallet_getPermissions':
    case 'wallet_revokePermissions':
      return []
  }
  return forwarded
}

/** A request the frame answers; a signing one waits for the visitor's answer in the frame's own sheet. */
async function forwardToFrame(options: FrameProviderOptions, method: string, params: unknown) {
  const notSafe = NOT_SAFE_METHODS.has(method)
  // Calls under an ERC-7715 permission go without a sheet when it covers them: the modal waits for none.
  const signing = notSafe && !underPermission(method, params)
  if (method === 'eth_sendTransaction') await assertCanPay(options.client, params)
  // The frame handles messages in order: the sheet shows in the theme the modal has now.
  if (signing) options.syncTheme()
  const endWait = signing ? options.onSigningRequest({ method, params }) : undefined
  try {
    return await options.client.request(
      'RPC_REQUEST',
      { method, params: params as unknown[] | Record<string, unknown> | undefined },
      // The batch's status stays in the wallet's window until the visitor closes it.
      notSafe || method === 'wallet_showCallsStatus' ? { timeoutMs: LONG_POLL_TIMEOUT_MS } : {},
    )
  } catch (error) {
    if (!(error instanceof FrameError)) throw error
    if (error.reason === 'NOT_ALLOWED') {
      options.onNotAllowed(method)
      throw new ProviderRpcError(ProviderErrorCode.Unauthorized, RPC_NOT_ALLOWED)
    }
    // Cancelled from the modal: to the dApp that is the visitor saying no.
    if (signing && (error.reason === 'ABORTED' || error.code === 'FRAME_ABORTED')) {
      throw new ProviderRpcError(ProviderErrorCode.UserRejectedRequest, 'User rejected the request.')
    }
    if (error.rpcCode !== undefined) throw new ProviderRpcError(error.rpcCode, error.message)
    throw error
  } finally {
    endWait?.()
  }
}

/** A wallet_sendCalls that names the permission it spends under (`capabilities.permissions`). */
function underPermission(method: string, params: unknown): boolean {
  const [request] = Array.isArray(params) ? params : []
  const capabilities = (request as { capabilities?: { permissions?: unknown } } | undefined)?.capabilities
  return method === 'wallet_sendCalls' && typeof capabilities?.permissions === 'object'
}

/**
 * Before a transaction's approval sheet: the visitor hears at once that the account cannot pay its
 * value (or that the chain refuses it for want of funds) instead of opening a sheet that can only be
 * rejected. Anything else the chain says is left to the sheet, which also weighs the network fee.
 */
async function assertCanPay(client: FrameClient, params: unknown) {
  const [tx] = Array.isArray(params) ? params : []
  const { from, value } = (tx ?? {}) as { from?: unknown; value?: unknown }
  if (typeof from !== 'string') return
  const read = (method: string, args: unknown[]) =>
    client.request('RPC_REQUEST', { method, params: args }).then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    )
  const [balance, estimate] = await Promise.all([
    read('eth_getBalance', [from, 'latest']),
    read('eth_estimateGas', [tx]),
  ])
  const owned = 'result' in balance && typeof balance.result === 'string' ? BigInt(balance.result) : undefined
  const asked = typeof value === 'string' && /^0x[0-9a-f]+$/i.test(value) ? BigInt(value) : 0n
  if (
    (owned !== undefined && owned < asked) ||
    ('error' in estimate && isInsufficientFunds(estimate.error))
  ) {
    throw new ProviderRpcError(INSUFFICIENT_FUNDS_RPC_CODE, errorMessages.t('INSUFFICIENT_FUNDS'))
  }
}
