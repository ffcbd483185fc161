import {
  type AuthApprovalRequest,
  type AuthState,
  formatUnitsTruncated,
  shortenAddress,
  t,
} from '@portico/core'
import { usePortico } from '../use-portico.js'
import { useStore } from '../use-store.js'

const selectApproval = (state: AuthState) => state.approval

/** personal_sign carries hex; show it as text when it is text. */
function readableMessage(hex: unknown): string {
  if (typeof hex !== 'string' || !/^0x([0-9a-f]{2})*$/i.test(hex)) return String(hex)
  const bytes = new Uint8Array((hex.slice(2).match(/../g) ?? []).map((byte) => Number.parseInt(byte, 16)))
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return hex
  }
}

function Details({ request }: { request: AuthApprovalRequest }) {
  const params = Array.isArray(request.params) ? request.params : []
  if (request.method === 'personal_sign') {
    return (
      <>
        <p>{t('approveSignBody')}</p>
        <pre className="message">{readableMessage(params[0])}</pre>
      </>
    )
  }
  if (request.method === 'eth_signTypedData_v4') {
    return (
      <>
        <p>{t('approveTypedDataBody')}</p>
        <pre className="message">{typeof params[1] === 'string' ? params[1] : JSON.stringify(params[1])}</pre>
      </>
    )
  }
  if (request.method === 'eth_sendTransaction') {
    const tx = (params[0] ?? {}) as { to?: string; value?: string }
    const value = tx.value ? formatUnitsTruncated(BigInt(tx.value), 18, 6) : '0'
    return (
      <>
        <p>{t('approveSendBody')}</p>
        <dl className="details">
          <dt>{t('approveTo')}</dt>
          <dd title={tx.to}>{tx.to ? shortenAddress(tx.to) : '—'}</dd>
          <dt>{t('approveAmount')}</dt>
          <dd>{value} ETH</dd>
        </dl>
      </>
    )
  }
  return <p>{t('approveOtherBody', { method: request.method })}</p>
}

/** A request the embedded wallet would sign or send: nothing leaves until the visitor approves. */
export default function ApproveRequestView() {
  const portico = usePortico()
  const approval = useStore(portico.auth.store, selectApproval)
  if (!approval) return null
  return (
    <div className="center">
      <Details request={approval} />
      <div className="stack">
        <button type="button" className="primary" onClick={() => portico.auth.answerApproval(true)}>
          {t('approve')}
        </button>
        <button type="button" className="secondary" onClick={() => portico.auth.answerApproval(false)}>
          {t('reject')}
        </button>
      </div>
    </div>
  )
}
