import { type Address, type Hex, hexToBigInt, isAddress, isHex } from 'viem'
import * as z from 'zod/mini'
import { parseHexChainId } from './chains.js'
import { invalidParamsError, ProviderErrorCode, ProviderRpcError } from './provider-rpc-error.js'

/** One call of a batch, as the wallet sends it: quantities as bigint. */
export interface Call {
  /** Undefined for a contract deployment. */
  readonly to?: Address
  readonly value: bigint
  readonly data?: Hex
}

/** A `wallet_sendCalls` request (EIP-5792 v2), parsed. */
export interface SendCallsRequest {
  readonly version: string
  /** The dApp's own id for the batch, when it chose one. */
  readonly id?: string
  readonly chainId: number
  readonly from?: Address
  readonly calls: readonly Call[]
  readonly atomicRequired: boolean
  readonly capabilities: Readonly<Record<string, unknown>>
}

const hex = z.string().check(z.refine((value) => isHex(value, { strict: true }), 'must be hex'))
const address = z
  .string()
  .check(z.refine((value) => isAddress(value, { strict: false }), 'must be an address'))
const quantity = hex.check(z.refine((value) => value !== '0x', 'must be a hex quantity'))

const callSchema = z.object({
  to: z.optional(z.nullable(address)),
  value: z.optional(z.nullable(quantity)),
  data: z.optional(z.nullable(hex)),
  capabilities: z.optional(z.record(z.string(), z.unknown())),
})

const sendCallsSchema = z.object({
  version: z.string(),
  id: z.optional(z.string().check(z.minLength(1), z.maxLength(4096))),
  chainId: z.string(),
  from: z.optional(address),
  // A wallet caps a batch; a dApp sending more is asking for something no prompt can show.
  calls: z.array(callSchema).check(z.minLength(1), z.maxLength(100)),
  atomicRequired: z.optional(z.boolean()),
  capabilities: z.optional(z.record(z.string(), z.unknown())),
})

function firstIssue(error: z.core.$ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'invalid'
  const path = issue.path.length > 0 ? `${issue.path.join('.')} ` : ''
  return `${path}${issue.message}`
}

/** Capabilities the dApp needs (not marked `optional: true`) that this plain EOA wallet does not have. */
function requiredCapabilities(capabilities: Readonly<Record<string, unknown>> | undefined): string[] {
  return Object.entries(capabilities ?? {})
    .filter(([, value]) => (value as { optional?: unknown } | null)?.optional !== true)
    .map(([name]) => name)
}

/**
 * Parses `wallet_sendCalls` params. A batch that needs what the wallet lacks is refused with EIP-5792's
 * own codes: 5760 when atomic execution is required, 5700 for a capability that is not optional.
 */
export function parseSendCallsRequest(params: readonly unknown[]): SendCallsRequest {
  const parsed = sendCallsSchema.safeParse(params[0])
  if (!parsed.success) {
    throw invalidParamsError(
      `wallet_sendCalls expects [{ version, chainId, calls }]: ${firstIssue(parsed.error)}`,
    )
  }
  const request = parsed.data
  const chainId = parseHexChainId(request.chainId)
  if (chainId === undefined) throw invalidParamsError('wallet_sendCalls chainId must be a hex chain id')
  if (request.atomicRequired === true) {
    throw new ProviderRpcError(
      ProviderErrorCode.atomicityNotSupported,
      'The Portico Test Wallet is a plain account: it cannot execute calls atomically.',
    )
  }
  const unsupported = [
    ...requiredCapabilities(request.capabilities),
    ...request.calls.flatMap((call) => requiredCapabilities(call.capabilities)),
  ]
  if (unsupported.length > 0) {
    throw new ProviderRpcError(
      ProviderErrorCode.unsupportedCapability,
      `The Portico Test Wallet does not support the capability ${[...new Set(unsupported)].join(', ')}.`,
    )
  }
  return {
    version: request.version,
    ...(request.id !== undefined ? { id: request.id } : {}),
    chainId,
    ...(request.from !== undefined ? { from: request.from as Address } : {}),
    calls: request.calls.map((call) => ({
      ...(call.to ? { to: call.to as Address } : {}),
      value: call.value ? hexToBigInt(call.value as Hex) : 0n,
      ...(call.data && call.data !== '0x' ? { data: call.data as Hex } : {}),
    })),
    // An atomic batch was refused above.
    atomicRequired: false,
    capabilities: request.capabilities ?? {},
  }
}

const getCapabilitiesSchema = z.tuple([z.optional(address), z.optional(z.array(z.string()))])

/** Parses `wallet_getCapabilities` params: `[address, chainIds?]`. */
export function parseGetCapabilities(params: readonly unknown[]): {
  readonly address?: Address
  readonly chainIds?: readonly number[]
} {
  const parsed = getCapabilitiesSchema.safeParse([...params])
  if (!parsed.success) {
    throw invalidParamsError(
      `wallet_getCapabilities expects [address, chainIds?]: ${firstIssue(parsed.error)}`,
    )
  }
  const [account, chains] = parsed.data
  const chainIds = chains?.map((chain) => {
    const id = parseHexChainId(chain)
    if (id === undefined) throw invalidParamsError(`wallet_getCapabilities: ${chain} is not a hex chain id`)
    return id
  })
  return { ...(account ? { address: account as Address } : {}), ...(chainIds ? { chainIds } : {}) }
}

/** Parses the batch id of `wallet_getCallsStatus` and `wallet_showCallsStatus`: `[id]`. */
export function parseCallsId(method: string, params: readonly unknown[]): string {
  const [id] = params
  if (typeof id !== 'string' || id.length === 0 || id.length > 4096) {
    throw invalidParamsError(`${method} expects [id] with the id wallet_sendCalls returned`)
  }
  return id
}
