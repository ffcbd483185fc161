import { READ_ONLY_METHODS } from '@portico/wire'
import {
  createWalletClient,
  custom,
  defineChain,
  type Hex,
  hexToBigInt,
  hexToNumber,
  isAddressEqual,
  isHex,
  type LocalAccount,
  numberToHex,
  type TypedDataDefinition,
} from 'viem'
import type { FetchLike } from './auth-client.js'

export class RpcError extends Error {
  override name = 'RpcError'
  readonly code: number
  constructor(message: string, code = -32603) {
    super(message)
    this.code = code
  }
}

let rpcId = 0

/** One JSON-RPC call over HTTP with the injected fetch. */
export async function jsonRpc(
  fetch: FetchLike,
  url: string,
  method: string,
  params: unknown,
  signal?: AbortSignal,
): Promise<unknown> {
  rpcId += 1
  const init: RequestInit = {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: rpcId, method, params: params ?? [] }),
  }
  if (signal) init.signal = signal
  const response = await fetch(url, init)
  if (!response.ok) throw new RpcError(`HTTP status code: ${response.status}`)
  const body = (await response.json()) as { result?: unknown; error?: { message?: unknown; code?: unknown } }
  if (body.error) {
    const message = typeof body.error.message === 'string' ? body.error.message : 'RPC error'
    throw new RpcError(message, typeof body.error.code === 'number' ? body.error.code : -32603)
  }
  return body.result
}

export interface WalletRpcContext {
  account: LocalAccount
  chainId: number
  rpcUrl: string
  fetch: FetchLike
  signal?: AbortSignal
}

/** Answers an allowed RPC method for the frame's account. The caller has checked the allow-list. */
export async function handleWalletRpc(
  context: WalletRpcContext,
  method: string,
  params: unknown,
): Promise<unknown> {
  const { account, chainId } = context
  const list = Array.isArray(params) ? params : []
  switch (method) {
    case 'eth_accounts':
    case 'eth_requestAccounts':
      return [account.address]
    case 'eth_chainId':
      return numberToHex(chainId)
    case 'personal_sign': {
      const [message, address] = list
      assertOwnAddress(account, address)
      if (typeof message !== 'string') throw new RpcError('Invalid message', -32602)
      return account.signMessage({ message: isHex(message) ? { raw: message } : message })
    }
    case 'eth_signTypedData_v4': {
      const [address, data] = list
      assertOwnAddress(account, address)
      return account.signTypedData(parseTypedData(data))
    }
    case 'eth_sendTransaction':
      return sendTransaction(context, list[0])
    case 'eth_sendRawTransaction':
      return jsonRpc(context.fetch, context.rpcUrl, method, list, context.signal)
    case 'wallet_getCapabilities':
      return {}
    default:
      if (READ_ONLY_METHODS.has(method))
        return jsonRpc(context.fetch, context.rpcUrl, method, params, context.signal)
      // wallet_sendCalls, wallet_getCallsStatus, wallet_grantPermissions need a smart account, which this
      // build has not. (The solana_* methods are the frame handler's, with the Solana key.)
      throw new RpcError(`${method} is not supported by this wallet`, 4200)
  }
}

export function assertOwnAddress(account: LocalAccount, address: unknown) {
  if (
    typeof address !== 'string' ||
    !isHex(address) ||
    address.length !== 42 ||
    !isAddressEqual(address, account.address)
  ) {
    throw new RpcError('Address does not match the connected account', 4100)
  }
}

export function parseTypedData(data: unknown): TypedDataDefinition {
  let value = data
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value)
    } catch {
      throw new RpcError('Invalid typed data', -32602)
    }
  }
  if (!value || typeof value !== 'object') throw new RpcError('Invalid typed data', -32602)
  const { domain, types, primaryType, message } = value as Record<string, unknown>
  if (!types || typeof types !== 'object' || typeof primaryType !== 'string' || !message) {
    throw new RpcError('Invalid typed data', -32602)
  }
  return {
    domain: (domain ?? {}) as TypedDataDefinition['domain'],
    types,
    primaryType,
    message,
  } as TypedDataDefinition
}

const optionalHex = (value: unknown, name: string): Hex | undefined => {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !isHex(value)) throw new RpcError(`Invalid transaction ${name}`, -32602)
  return value
}

/** Fills nonce, gas and fees from the chain (viem's local-account path), signs and sends the raw transaction. */
async function sendTransaction(context: WalletRpcContext, raw: unknown): Promise<Hex> {
  if (!raw || typeof raw !== 'object') throw new RpcError('Invalid transaction', -32602)
  const tx = raw as Record<string, unknown>
  const from = optionalHex(tx.from, 'from')
  if (from) assertOwnAddress(context.account, from)
  const to = optionalHex(tx.to, 'to')
  const data = optionalHex(tx.data ?? tx.input, 'data')
  const value = optionalHex(tx.value, 'value')
  const gas = optionalHex(tx.gas, 'gas')
  const nonce = optionalHex(tx.nonce, 'nonce')
  const gasPrice = optionalHex(tx.gasPrice, 'gasPrice')
  const maxFeePerGas = optionalHex(tx.maxFeePerGas, 'maxFeePerGas')
  const maxPriorityFeePerGas = optionalHex(tx.maxPriorityFeePerGas, 'maxPriorityFeePerGas')

  const chain = defineChain({
    id: context.chainId,
    name: `Chain ${context.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [context.rpcUrl] } },
  })
  const client = createWalletClient({
    account: context.account,
    chain,
    transport: custom({
      request: ({ method, params }) => jsonRpc(context.fetch, context.rpcUrl, method, params, context.signal),
    }),
  })
  const base = {
    account: context.account,
    chain,
    ...(to ? { to } : {}),
    ...(data ? { data } : {}),
    ...(value ? { value: hexToBigInt(value) } : {}),
    ...(gas ? { gas: hexToBigInt(gas) } : {}),
    ...(nonce ? { nonce: hexToNumber(nonce) } : {}),
  }
  if (gasPrice) return client.sendTransaction({ ...base, gasPrice: hexToBigInt(gasPrice) })
  return client.sendTransaction({
    ...base,
    ...(maxFeePerGas ? { maxFeePerGas: hexToBigInt(maxFeePerGas) } : {}),
    ...(maxPriorityFeePerGas ? { maxPriorityFeePerGas: hexToBigInt(maxPriorityFeePerGas) } : {}),
  })
}
