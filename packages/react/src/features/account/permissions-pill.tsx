import { lazy, Suspense } from 'react'
import { accountViewMessages } from './view-messages.js'

const { t } = accountViewMessages

// The list, its text and its calls to the wallet load once the visitor opens it: none of it comes with
// the Account view.
const PermissionList = lazy(() => import('./permission-list.js'))

/** The embedded wallet's "Permissions" pill beside the network: it opens the list of granted permissions. */
export function PermissionsPill({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      className="pill plain"
      aria-expanded={open}
      aria-controls="portico-permissions"
      data-testid="permissions-toggle"
      onClick={onToggle}
    >
      {t('permissions')}
    </button>
  )
}

export function PermissionsPanel() {
  return (
    <div id="portico-permissions">
      <Suspense fallback={null}>
        <PermissionList />
      </Suspense>
    </div>
  )
}
