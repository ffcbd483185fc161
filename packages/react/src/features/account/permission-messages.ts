import { defineMessages } from '@portico/core/internal'

/** The account's permissions list: its text loads with the list, once the visitor opens it. */
export const permissionViewMessages = defineMessages({
  id: 'permissions-view',
  messages: {
    permissionsHeading: 'Spending permissions',
    noPermissions: 'No app may spend from this account without asking.',
    permissionsFailed: 'Could not read the permissions',
    /** `{spent}` and `{limit}` are amounts with their token, e.g. "4 USDC" and "10 USDC". */
    permissionSpent: '{spent} of {limit} spent',
    permissionUntil: 'Until {date}',
    revoke: 'Revoke',
    /** The revoke button's accessible name: `{app}` is the dApp's host. */
    revokePermissionOf: 'Revoke the permission of {app}',
    permissionRevoked: 'Permission revoked',
  },
})
