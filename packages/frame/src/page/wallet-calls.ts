import {
  type Address,
  encodeFunctionData,
  type Hex,
  hexToBigInt,
  isAddressEqual,
  type LocalAccount,
  parseAbi,
} from 'viem'
import * as z from 'zod/mini'
import { CALLS_ERRORS, MAX_CALLS } from './calls-constants.js'
import { jsonRpc, RpcError } from './json-rpc.js'
import { paymasterService } from './paymaster-service.js'
import { delegationStateOf, hasSmartAccountCode, SIMPLE_7702_ACCOUNT } from './smart-account-delegation.js'
import { assertOwnAddress, type WalletRpcContext, walletClientFor } from './wallet-context.js'

/** Simple7702Account's batch entry point: only the account itself (or the EntryPoint) may call it. */
export const executeBatchAbi = parseAbi([
  'function executeBatch((address target, uint256 value, bytes data)[] calls)',
])

const hexData = z.string().check(z.regex(/^0x([0-9a-fA-F]{2})*$/), z.maxLength(2 + 2 * 64 * 1024))
const addressSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
const quantity = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/))
/** A capability the app asks for; one not marked optional that the wallet lacks refuses the batch. */
const capabilitiesSchema = z.optional(
  z.record(z.string(), z.looseObject({ optional: z.optional(z.boolean()) })),
)

// 'to' and 'data' are hex with their 0x (spec §4); a batch cannot create a contract, so 'to' is required.
const callSchema = z.object({
  to: addressSchema,
  data: z.optional(hexData),
  value: z.optional(quantity),
  capabilities: capabilitiesSchema,
})

const sendCallsSchema = z.object({
  version: z.optional(z.string().check(z.maxLength(20))),
  id: z.optional(z.string().check(z.minLength(1), z.maxLength(4096))),
  from: z.optional(addressSchema),
  chainId: quantity,
  atomicRequired: z.optional(z.boolean()),
  calls: z.array(z.unknown()),
  capabilities: capabilitiesSchema,
})

export type Call = { to: Address; data: Hex; value: bigint }
/**
 * A checked batch; `paymaster` is the dApp's `paymasterService` capability, when it asked for one (not
 * `optional`: the batch is refused unless that paymaster sponsors it).
 */
export type CallsRequest = {
  chainId: number
  calls: readonly Call[]
  paymaster?: { url: string; optional: boolean } | undefined
}

/**
 * Checks a `wallet_sendCalls` request before any sheet shows: the account's own address, the chain the
 * wallet is on, every call well formed, no capability the wallet lacks unless the app marked it optional.
 */
export function parseSendCalls(account: LocalAccount, chainId: number, params: unknown): CallsRequest {
  const parsed = sendCallsSchema.safeParse(Array.isArray(params) ? params[0] : undefined)
  if (!parsed.success) throw new RpcError('Invalid wallet_sendCalls request', -32602)
  const request = parsed.data
  if (request.from !== undefined) assertOwnAddress(account, request.from)
  if (hexToBigInt(request.chainId as Hex) !== BigInt(chainId)) {
    throw new RpcError(
      'The wallet is on another network: switch to the chain of the calls first',
      CALLS_ERRORS.unsupportedChain,
    )
  }
  if (request.calls.length === 0) throw new RpcError('A batch needs at least one call', -32602)
  if (request.calls.length > MAX_CALLS) {
    throw new RpcError(`A batch holds at most ${MAX_CALLS} calls`, CALLS_ERRORS.bundleTooLarge)
  }
  const calls = request.calls.map((raw) => {
    const call = callSchema.safeParse(raw)
    if (!call.success) throw new RpcError('Invalid call in wallet_sendCalls', -32602)
    assertOptionalOnly(call.data.capabilities)
    // A call to the account itself would run its smart-account code with its rights: a nested batch the
    // sheet would not show. Refused.
    if (isAddressEqual(call.data.to as Address, account.address)) {
      throw new RpcError('A call to the account itself is not allowed in a batch', -32602)
    }
    return {
      to: call.data.to as Address,
      data: (call.data.data ?? '0x') as Hex,
      value: call.data.value ? hexToBigInt(call.data.value as Hex) : 0n,
    }
  })
  // paymasterService is the one capability the wallet has: whether its paymaster is the operator's is
  // answered with the operator's settings (sponsorshipOf).
  const { paymasterService: _paymaster, ...others } = request.capabilities ?? {}
  assertOptionalOnly(others)
  const paymaster = paymasterService(request.capabilities)
  return { chainId, calls, ...(paymaster ? { paymaster } : {}) }
}

function assertOptionalOnly(capabilities: Record<string, { optional?: boolean | undefined }> | undefined) {
  for (const [name, capability] of Object.entries(capabilities ?? {})) {
    if (capability.optional !== true) {
      throw new RpcError(
        `The wallet does not support the ${name} capability`,
        CALLS_ERRORS.unsupportedCapability,
      )
    }
  }
}

/** The account's own call to its smart-account code that runs every call, or none. */
export const encodeBatch = (calls: readonly Call[]): Hex =>
  encodeFunctionData({
    abi: executeBatchAbi,
    functionName: 'executeBatch',
    args: [calls.map((call) => ({ target: call.to, value: call.value, data: call.data }))],
  })

/**
 * Sends the batch as one transaction from the account to itself, calling its smart-account code. The first
 * batch carries the EIP-7702 authorization that delegates the account to that code, signed for this chain
 * only; the address, balances and names stay the account's.
 */
export async function sendCalls(context: WalletRpcContext, request: CallsRequest): Promise<Hex> {
  const { account } = context
  const rpc = (method: string, params: unknown[]) =>
    jsonRpc(context.fetch, context.rpcUrl, method, params, context.signal)
  const [code, implementation] = await Promise.all([
    rpc('eth_getCode', [account.address, 'latest']),
    rpc('eth_getCode', [SIMPLE_7702_ACCOUNT, 'latest']),
  ])
  if (!hasSmartAccountCode(implementation)) {
    throw new RpcError('This network cannot run the calls together', CALLS_ERRORS.atomicityNotSupported)
  }
  return sendToSelf(context, encodeBatch(request.calls), delegationStateOf(code) === 'smart')
}

/**
 * One transaction from the account to itself with `data`. An account not yet delegated to the wallet's
 * smart-account code signs the EIP-7702 authorization for this chain only and sends it along (type 4):
 * the account upgrades as the transaction runs. An upgrade alone is this with empty data.
 */
export async function sendToSelf(context: WalletRpcContext, data: Hex, delegated: boolean): Promise<Hex> {
  const { account } = context
  const client = walletClientFor(context)
  if (delegated) return client.sendTransaction({ account, chain: client.chain, to: account.address, data })
  const authorization = await client.signAuthorization({
    account,
    contractAddress: SIMPLE_7702_ACCOUNT,
    chainId: context.chainId,
    executor: 'self',
  })
  return client.sendTransaction({
    account,
    chain: client.chain,
    to: account.address,
    data,
    authorizationList: [authorization],
  })
}
