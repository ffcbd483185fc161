import { errorMessage, type PorticoError } from '@portico/core'
import type { ReactNode } from 'react'
import { authMessages } from './messages.js'
import { authViewMessages } from './view-messages.js'

const { t } = authMessages

/** A sign-in step that waits on the visitor elsewhere (mail link, provider window): spinner and Cancel. */
export function WaitingPanel({
  title,
  body,
  onCancel,
  children,
}: {
  title: string
  body: string
  onCancel: () => void
  /** An action above Cancel (the link that opens a blocked sign-in window). */
  children?: ReactNode
}) {
  return (
    <div className="center" aria-live="polite">
      <div className="spinner" role="progressbar" aria-label={title} />
      <h3>{title}</h3>
      <p>{body}</p>
      <div className="stack">
        {children}
        <button type="button" className="secondary" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </div>
  )
}

/** A sign-in step that failed: what went wrong, and a new attempt. */
export function FailedPanel({ error, onRetry }: { error: PorticoError; onRetry: () => void }) {
  return (
    <div className="center" aria-live="polite">
      <div className="error-mark" aria-hidden="true">
        !
      </div>
      <h3>{authViewMessages.t('connectionFailed')}</h3>
      <p>{errorMessage(error)}</p>
      <div className="stack">
        <button type="button" className="primary" onClick={onRetry}>
          {authViewMessages.t('tryAgain')}
        </button>
      </div>
    </div>
  )
}
