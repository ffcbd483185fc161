import type { GrantedPermission } from '@portico/wire'
import type { WalletRpcContext } from '../wallet-context.js'
import { grantPermissions, type PermissionsDetails } from './grant-permissions.js'
import type { Grant, PermissionStore } from './permission-store.js'
import { permissionContextOf, sendPermittedCalls } from './permitted-calls.js'

export type PermissionRpcOptions = {
  store: PermissionStore
  /** The dApp's origin: a permission is granted to it and used by it alone. */
  origin: string
  now: () => number
  randomBytes: (size: number) => Uint8Array
  /** The grant's sheet in the wallet's window; rejects unless the visitor approves. */
  approve: (details: PermissionsDetails) => Promise<void>
}

type PermissionRpc = (wallet: WalletRpcContext, options: PermissionRpcOptions) => Promise<unknown>

const seconds = (now: () => number) => () => Math.floor(now() / 1000)

/**
 * The requests permissions answer: `wallet_grantPermissions`, and `wallet_sendCalls` that names a
 * permission context (sent with no sheet when the permission covers it, else refused). Undefined for any
 * other request, which takes the wallet's usual way.
 */
export function permissionRpcFor(method: string, params: unknown): PermissionRpc | undefined {
  if (method === 'wallet_grantPermissions') {
    return (wallet, options) =>
      grantPermissions(
        {
          wallet,
          store: options.store,
          origin: options.origin,
          nowSeconds: seconds(options.now)(),
          randomBytes: options.randomBytes,
          approve: options.approve,
        },
        params,
      )
  }
  if (method === 'wallet_sendCalls' && permissionContextOf(params) !== undefined) {
    return (wallet, options) =>
      sendPermittedCalls(
        { wallet, store: options.store, origin: options.origin, nowSeconds: seconds(options.now) },
        params,
      )
  }
  return undefined
}

/** A granted permission as the dApp's account view lists it (amounts as decimal strings). */
export const listedPermission = (grant: Grant): GrantedPermission => ({
  context: grant.context,
  origin: grant.origin,
  chainId: grant.chainId,
  expiry: grant.expiry,
  allowances: grant.allowances.map((allowance) => ({
    ...(allowance.kind === 'erc20' ? { token: allowance.token } : {}),
    symbol: allowance.symbol,
    decimals: allowance.decimals,
    limit: allowance.limit.toString(),
    spent: allowance.spent.toString(),
  })),
})
