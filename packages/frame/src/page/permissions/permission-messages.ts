import type { FrameSuccessPayload } from '@portico/wire'
import type { Address } from 'viem'
import { listedPermission } from './permission-rpc.js'
import type { PermissionStore } from './permission-store.js'

/** GET_PERMISSIONS: the signed-in account's live permissions, for the dApp's account view. */
export function listPermissions(
  store: PermissionStore,
  account: Address,
  nowMs: number,
): FrameSuccessPayload<'GET_PERMISSIONS'> {
  return { permissions: store.list(account, Math.floor(nowMs / 1000)).map(listedPermission) }
}

/** REVOKE_PERMISSION: forgets the account's permission; a context it does not have is an error. */
export async function revokePermission(
  store: PermissionStore,
  account: Address,
  context: string,
): Promise<undefined> {
  if (!(await store.revoke(account, context))) throw new Error('No permission with this context')
  return undefined
}
