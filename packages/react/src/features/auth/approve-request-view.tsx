import type { AuthState } from '@portico/core/internal'
import { usePortico } from '../../use-portico.js'
import { useStore } from '../../use-store.js'
import { authMessages } from './messages.js'

const { t } = authMessages

const selectApproval = (state: AuthState) => state.approval

const SUMMARIES: Record<
  string,
  'approveSignBody' | 'approveTypedDataBody' | 'approveSendBody' | 'approveSignTransactionBody'
> = {
  personal_sign: 'approveSignBody',
  eth_signTypedData_v4: 'approveTypedDataBody',
  eth_sendTransaction: 'approveSendBody',
  solana_signMessage: 'approveSignBody',
  solana_signTransaction: 'approveSignTransactionBody',
  solana_signAndSendTransaction: 'approveSendBody',
}

/**
 * The embedded wallet shows the request and takes the visitor's answer in its own window (opened from
 * the frame's launcher, which lies over this view); this view only says so, and can cancel. Nothing here
 * can approve.
 */
export default function ApproveRequestView() {
  const portico = usePortico()
  const approval = useStore(portico.auth.store, selectApproval)
  if (!approval) return null
  const summary = SUMMARIES[approval.method]
  return (
    <div className="center" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <h3>{summary ? t(summary) : t('approveOtherBody', { method: approval.method })}</h3>
      <p>{t('approveInFrameBody')}</p>
      <button type="button" className="secondary" onClick={() => portico.auth.cancelApproval()}>
        {t('cancel')}
      </button>
    </div>
  )
}
