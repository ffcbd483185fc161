import { type Address, getAddress, type Hex, hexToBigInt, isAddressEqual, maxUint256 } from 'viem'
import * as z from 'zod/mini'
import { RpcError } from '../json-rpc.js'

/**
 * ERC-7715 `wallet_grantPermissions` as viem's experimental `grantPermissions` sends it: an expiry in
 * seconds, permissions each with policies (the allowance as a hex quantity), and maybe a signer.
 */
/** A grant names a few tokens at most: the sheet shows each one. */
const MAX_PERMISSIONS = 4
const addressSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
const quantity = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/))
const ticker = z.string().check(z.minLength(1), z.maxLength(16))
const policySchema = z.object({ type: z.string().check(z.maxLength(64)), data: z.unknown() })
const permissionSchema = z.object({
  type: z.string().check(z.maxLength(64)),
  data: z.unknown(),
  policies: z.array(policySchema).check(z.maxLength(8)),
  required: z.optional(z.boolean()),
})
const grantSchema = z.object({
  expiry: z.number().check(z.int(), z.positive()),
  permissions: z.array(permissionSchema).check(z.minLength(1), z.maxLength(MAX_PERMISSIONS)),
  signer: z.optional(z.object({ type: z.string().check(z.maxLength(32)), data: z.optional(z.unknown()) })),
})
const erc20DataSchema = z.object({ address: addressSchema, ticker })
const nativeDataSchema = z.object({ ticker })
const allowanceSchema = z.object({ allowance: quantity })

/** The longest a permission may last: an expiry further out is most likely milliseconds, not seconds. */
export const MAX_PERMISSION_SECONDS = 366 * 24 * 60 * 60

/** One spend limit the dApp asks for: on the chain's native currency, or on one ERC-20 token. */
export type AllowanceRequest =
  | { kind: 'native'; ticker: string; limit: bigint }
  | { kind: 'erc20'; token: Address; ticker: string; limit: bigint }

export type GrantRequest = { expiry: number; allowances: AllowanceRequest[] }

const invalid = (message: string) => new RpcError(message, -32602)

/**
 * Checks a grant request before any sheet shows. The wallet itself enforces what it grants (it holds the
 * key), so the signer is the wallet; a permission or policy it cannot enforce is refused when required
 * and left out when not, never granted looser than asked.
 */
export function parseGrantRequest(account: Address, nowSeconds: number, params: unknown): GrantRequest {
  const parsed = grantSchema.safeParse(Array.isArray(params) ? params[0] : undefined)
  if (!parsed.success) throw invalid('Invalid wallet_grantPermissions request')
  const { expiry, permissions, signer } = parsed.data
  if (expiry <= nowSeconds) throw invalid('The permission expiry is in the past')
  if (expiry > nowSeconds + MAX_PERMISSION_SECONDS) {
    throw invalid('The permission expiry must be a time in seconds, at most a year ahead')
  }
  if (signer !== undefined && !ownSigner(account, signer)) {
    throw new RpcError('This wallet enforces permissions itself: only the wallet signer is supported', 5700)
  }
  const allowances: AllowanceRequest[] = []
  for (const permission of permissions) {
    const allowance = allowanceOf(permission)
    if (allowance === undefined) {
      if (permission.required === false) continue
      throw new RpcError(`The wallet cannot grant the ${permission.type} permission`, 5700)
    }
    if (allowances.some((each) => sameAsset(each, allowance))) {
      throw invalid('Each token may be named once in a permission request')
    }
    allowances.push(allowance)
  }
  if (allowances.length === 0) throw new RpcError('The wallet can grant none of these permissions', 5700)
  return { expiry, allowances }
}

function allowanceOf(permission: z.infer<typeof permissionSchema>): AllowanceRequest | undefined {
  const [policy, ...others] = permission.policies
  // One spend limit, nothing else: a policy the wallet cannot enforce would be granted looser than asked.
  if (!policy || others.length > 0 || policy.type !== 'token-allowance') return undefined
  const allowance = allowanceSchema.safeParse(policy.data)
  if (!allowance.success) throw invalid('Invalid token-allowance policy')
  const limit = hexToBigInt(allowance.data.allowance as Hex)
  if (limit === 0n || limit === maxUint256)
    throw invalid('A token allowance must be a positive, finite amount')
  if (permission.type === 'native-token-transfer') {
    const data = nativeDataSchema.safeParse(permission.data)
    if (!data.success) throw invalid('Invalid native-token-transfer permission')
    return { kind: 'native', ticker: data.data.ticker, limit }
  }
  if (permission.type === 'erc20-token-transfer') {
    const data = erc20DataSchema.safeParse(permission.data)
    if (!data.success) throw invalid('Invalid erc20-token-transfer permission')
    return { kind: 'erc20', token: getAddress(data.data.address), ticker: data.data.ticker, limit }
  }
  return undefined
}

function ownSigner(account: Address, signer: { type: string; data?: unknown }): boolean {
  if (signer.type === 'wallet') return true
  if (signer.type !== 'account') return false
  const id = (signer.data as { id?: unknown } | undefined)?.id
  return typeof id === 'string' && /^0x[0-9a-fA-F]{40}$/.test(id) && isAddressEqual(id as Address, account)
}

const sameAsset = (a: AllowanceRequest, b: AllowanceRequest) =>
  a.kind === 'native' ? b.kind === 'native' : b.kind === 'erc20' && isAddressEqual(a.token, b.token)
