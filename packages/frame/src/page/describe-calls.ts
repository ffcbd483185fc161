import {
  type Address,
  decodeFunctionData,
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  hexToBigInt,
  isHex,
  maxUint256,
} from 'viem'
import { CALLS_ERRORS } from './calls-constants.js'
import { jsonRpc, RpcError } from './json-rpc.js'
import { nativeSymbol } from './native-symbol.js'
import {
  delegationDesignator,
  delegationStateOf,
  hasSmartAccountCode,
  SIMPLE_7702_ACCOUNT,
} from './smart-account-delegation.js'
import { type Call, type CallsRequest, encodeBatch } from './wallet-calls.js'
import type { WalletRpcContext } from './wallet-context.js'

/** What one call of a batch does, as the sheet says it. */
export type CallDetail = {
  to: Address
  /** Native currency sent with the call. */
  value: bigint
  action:
    | { kind: 'none' }
    | { kind: 'contract' }
    | { kind: 'tokenTransfer'; recipient: Address; amount: bigint; token: TokenInfo | undefined }
    | {
        kind: 'tokenApproval'
        spender: Address
        amount: bigint
        unlimited: boolean
        token: TokenInfo | undefined
      }
}
export type TokenInfo = { symbol: string; decimals: number }

export type CallsDetails = {
  kind: 'calls'
  chainId: number
  symbol: string
  calls: CallDetail[]
  /** This batch also delegates the account to its smart-account code (EIP-7702); the address stays. */
  upgrade: boolean
  fee: bigint | undefined
  /** The operator's paymaster pays the fee (ERC-7677): the account pays only the calls' value. */
  sponsored: boolean
  balance: bigint | undefined
  insufficientFunds: boolean
}

/** The gas EIP-7702 charges for one authorization to an account that exists (PER_EMPTY_ACCOUNT_COST). */
export const AUTHORIZATION_GAS = 25_000n

/**
 * Reads what the visitor must see before a batch: each call (ERC-20 transfers and approvals decoded, with
 * the token's symbol), whether it upgrades the account, the fee of the one transaction, the balance.
 */
export async function describeCalls(
  context: WalletRpcContext,
  request: CallsRequest,
  sponsored = false,
): Promise<CallsDetails> {
  const { account } = context
  const rpc = (method: string, params: unknown[]) =>
    jsonRpc(context.fetch, context.rpcUrl, method, params, context.signal)
  const [implementation, code] = await Promise.all([
    rpc('eth_getCode', [SIMPLE_7702_ACCOUNT, 'latest']),
    rpc('eth_getCode', [account.address, 'latest']),
  ])
  // Checked before the sheet: a batch the chain cannot run is never shown.
  if (!hasSmartAccountCode(implementation)) {
    throw new RpcError('This network cannot run the calls together', CALLS_ERRORS.atomicityNotSupported)
  }
  const upgrade = delegationStateOf(code) !== 'smart'
  const value = request.calls.reduce((sum, call) => sum + call.value, 0n)
  // The fee is estimated as if the account already ran its smart-account code (a state override), plus
  // the authorization's own gas when this batch upgrades it.
  const batch = { from: account.address, to: account.address, data: encodeBatch(request.calls) }
  const override = { [account.address]: { code: delegationDesignator(SIMPLE_7702_ACCOUNT) } }
  const [calls, gas, gasPrice, balance] = await Promise.all([
    Promise.all(request.calls.map((call) => describeCall(rpc, call))),
    rpc('eth_estimateGas', [{ ...batch, value: quantity(value) }, 'latest', override]).then(
      (gas) => toBigInt(gas),
      () => undefined,
    ),
    rpc('eth_gasPrice', []).then(toBigInt, () => undefined),
    rpc('eth_getBalance', [account.address, 'latest']).then(toBigInt, () => undefined),
  ])
  const fee =
    gas !== undefined && gasPrice !== undefined
      ? (gas + (upgrade ? AUTHORIZATION_GAS : 0n)) * gasPrice
      : undefined
  return {
    kind: 'calls',
    chainId: context.chainId,
    symbol: nativeSymbol(context.chainId),
    calls,
    upgrade,
    fee,
    sponsored,
    balance,
    insufficientFunds: balance !== undefined && balance < value + (sponsored ? 0n : (fee ?? 0n)),
  }
}

export type Rpc = (method: string, params: unknown[]) => Promise<unknown>

async function describeCall(rpc: Rpc, call: Call): Promise<CallDetail> {
  const base = { to: call.to, value: call.value }
  if (call.data === '0x') return { ...base, action: { kind: 'none' } }
  let decoded: ReturnType<typeof decodeFunctionData<typeof erc20Abi>> | undefined
  try {
    decoded = decodeFunctionData({ abi: erc20Abi, data: call.data })
  } catch {
    return { ...base, action: { kind: 'contract' } }
  }
  if (decoded.functionName === 'transfer') {
    const [recipient, amount] = decoded.args
    return {
      ...base,
      action: { kind: 'tokenTransfer', recipient, amount, token: await tokenInfo(rpc, call.to) },
    }
  }
  if (decoded.functionName === 'approve') {
    const [spender, amount] = decoded.args
    return {
      ...base,
      action: {
        kind: 'tokenApproval',
        spender,
        amount,
        unlimited: amount === maxUint256,
        token: await tokenInfo(rpc, call.to),
      },
    }
  }
  return { ...base, action: { kind: 'contract' } }
}

/** The token's symbol and decimals, read from the chain; undefined when it does not answer both. */
export async function tokenInfo(rpc: Rpc, token: Address): Promise<TokenInfo | undefined> {
  const read = (functionName: 'symbol' | 'decimals') =>
    rpc('eth_call', [{ to: token, data: encodeFunctionData({ abi: erc20Abi, functionName }) }, 'latest'])
  try {
    const [symbol, decimals] = await Promise.all([read('symbol'), read('decimals')])
    return {
      symbol: decodeFunctionResult({ abi: erc20Abi, functionName: 'symbol', data: symbol as Hex }).slice(
        0,
        20,
      ),
      decimals: decodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', data: decimals as Hex }),
    }
  } catch {
    return undefined
  }
}

const quantity = (value: bigint): Hex => `0x${value.toString(16)}`
const toBigInt = (value: unknown) =>
  typeof value === 'string' && isHex(value) ? hexToBigInt(value) : undefined
