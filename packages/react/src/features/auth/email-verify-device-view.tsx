import type { AuthState } from '@portico/core/internal'
import { usePortico } from '../../use-portico.js'
import { useStore } from '../../use-store.js'
import { WaitingPanel } from './flow-panels.js'
import { authMessages } from './messages.js'
import { authViewMessages } from './view-messages.js'

const { t } = authMessages

const selectEmail = (state: AuthState) => state.email

/** A known account on a new device: the mailed link approves it, and this view moves on by itself. */
export default function EmailVerifyDeviceView() {
  const portico = usePortico()
  const email = useStore(portico.auth.store, selectEmail)
  return (
    <WaitingPanel
      title={t('deviceTitle')}
      body={authViewMessages.t('deviceBody', { email: email ?? '' })}
      onCancel={() => {
        portico.auth.reset()
        portico.router.goBack()
      }}
    />
  )
}
