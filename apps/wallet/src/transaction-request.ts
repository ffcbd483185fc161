import { type Hex, hexToBigInt, isAddress, isHex, type TransactionSerializable } from 'viem'
import { invalidParamsError } from './provider-rpc-error.js'

/** An eth_sendTransaction parameter object, parsed: quantities as bigint, optional ones left out. */
export interface TransactionRequest {
  readonly from?: string
  readonly to?: Hex
  readonly value: bigint
  readonly data?: Hex
  readonly gas?: bigint
  readonly nonce?: number
  readonly gasPrice?: bigint
  readonly maxFeePerGas?: bigint
  readonly maxPriorityFeePerGas?: bigint
}

function quantity(params: Record<string, unknown>, key: string): bigint | undefined {
  const value = params[key]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !isHex(value, { strict: true }) || value === '0x') {
    throw invalidParamsError(`transaction.${key} must be a hex quantity`)
  }
  return hexToBigInt(value)
}

export function parseTransactionRequest(value: unknown): TransactionRequest {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw invalidParamsError('eth_sendTransaction expects [transaction]')
  }
  const params = value as Record<string, unknown>
  const { from, to } = params
  if (from !== undefined && (typeof from !== 'string' || !isAddress(from, { strict: false }))) {
    throw invalidParamsError('transaction.from must be an address')
  }
  if (to !== undefined && to !== null && (typeof to !== 'string' || !isAddress(to, { strict: false }))) {
    throw invalidParamsError('transaction.to must be an address')
  }
  // `input` is the newer name of `data`; dApps send either.
  const data = params.data ?? params.input
  if (data !== undefined && data !== null && (typeof data !== 'string' || !isHex(data, { strict: true }))) {
    throw invalidParamsError('transaction.data must be hex')
  }
  const nonce = quantity(params, 'nonce')
  return {
    ...(typeof from === 'string' ? { from } : {}),
    ...(typeof to === 'string' ? { to: to as Hex } : {}),
    value: quantity(params, 'value') ?? 0n,
    ...(typeof data === 'string' ? { data: data as Hex } : {}),
    ...optional('gas', quantity(params, 'gas')),
    ...(nonce !== undefined ? { nonce: Number(nonce) } : {}),
    ...optional('gasPrice', quantity(params, 'gasPrice')),
    ...optional('maxFeePerGas', quantity(params, 'maxFeePerGas')),
    ...optional('maxPriorityFeePerGas', quantity(params, 'maxPriorityFeePerGas')),
  }
}

function optional<K extends string>(key: K, value: bigint | undefined): { [P in K]?: bigint } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: bigint }
}

/** Reads chain state the wallet needs to complete a transaction; bound to one chain's node. */
export type ChainReader = (method: string, params?: readonly unknown[]) => Promise<unknown>

const fallbackPriorityFee = 1_000_000_000n

/**
 * Fills what the dApp left out, from the chain, the way a wallet does: gas by estimate (plus headroom), fees
 * by EIP-1559 when the chain has a base fee (legacy gasPrice otherwise), and the pending nonce.
 */
export async function completeTransaction(
  request: TransactionRequest,
  from: Hex,
  chainId: number,
  read: ChainReader,
): Promise<TransactionSerializable> {
  const call = {
    from,
    ...(request.to ? { to: request.to } : {}),
    value: `0x${request.value.toString(16)}`,
    ...(request.data ? { data: request.data } : {}),
  }
  const [gas, nonce, fees] = await Promise.all([
    request.gas ??
      read('eth_estimateGas', [call]).then((estimate) => (hexToBigInt(estimate as Hex) * 12n) / 10n),
    request.nonce ?? read('eth_getTransactionCount', [from, 'pending']).then((count) => Number(count as Hex)),
    completeFees(request, read),
  ])
  const base = {
    chainId,
    nonce,
    gas,
    value: request.value,
    ...(request.to ? { to: request.to } : {}),
    ...(request.data ? { data: request.data } : {}),
  }
  return 'gasPrice' in fees ? { ...base, type: 'legacy', ...fees } : { ...base, type: 'eip1559', ...fees }
}

async function completeFees(
  request: TransactionRequest,
  read: ChainReader,
): Promise<{ gasPrice: bigint } | { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
  if (request.gasPrice !== undefined) return { gasPrice: request.gasPrice }
  const block = (await read('eth_getBlockByNumber', ['latest', false])) as { baseFeePerGas?: Hex } | null
  if (!block?.baseFeePerGas) {
    return { gasPrice: hexToBigInt((await read('eth_gasPrice')) as Hex) }
  }
  const baseFee = hexToBigInt(block.baseFeePerGas)
  const maxPriorityFeePerGas =
    request.maxPriorityFeePerGas ??
    (await read('eth_maxPriorityFeePerGas').then(
      (fee) => hexToBigInt(fee as Hex),
      () => fallbackPriorityFee,
    ))
  // Twice the base fee survives several full blocks of base-fee growth before the transaction gets stuck.
  const maxFeePerGas = request.maxFeePerGas ?? baseFee * 2n + maxPriorityFeePerGas
  return {
    maxFeePerGas,
    maxPriorityFeePerGas: maxPriorityFeePerGas > maxFeePerGas ? maxFeePerGas : maxPriorityFeePerGas,
  }
}
