import { lazy, Suspense } from 'react'
import type { SetupService } from './setup-error.js'

// Its code and text load only when a view shows it, once a service has failed: not with the modal.
const SetupError = lazy(() => import('./setup-error.js'))

/** Names the URL and config setting of a Portico service that cannot be reached; nothing while it can. */
export function SetupErrorNotice({ service }: { service: SetupService }) {
  return (
    <Suspense fallback={null}>
      <SetupError service={service} />
    </Suspense>
  )
}
