import { blockExplorerUrl, errorMessage, shortenAddress, UserRejectedRequestError } from '@portico/core'
import { blockExplorerLink, parseAmount, type SendState } from '@portico/core/internal'
import { useEffect } from 'react'
import { useNetwork } from '../../use-network.js'
import { usePortico } from '../../use-portico.js'
import { useStore } from '../../use-store.js'
import { formatTokenAmount, usdValue } from './send-format.js'
import { sendStyles } from './send-styles.js'
import { sendControllerOf } from './use-send-controller.js'
import { sendViewMessages } from './view-messages.js'

const { t } = sendViewMessages

const selectSend = (state: SendState) => state

/** The send's summary; Send asks the wallet, then waits for the block with the transaction. */
export default function SendPreviewView() {
  const portico = usePortico()
  const controller = sendControllerOf(portico)
  const form = useStore(controller.store, selectSend)
  const { network } = useNetwork()
  const token = controller.token()
  const native = controller.tokens().find((candidate) => !candidate.address)

  // Nothing to preview (the form was cleared, or changed under the view): back to the form.
  const ready = controller.check().ready || form.status !== 'editing'
  useEffect(() => {
    if (!ready) portico.router.goBack()
  }, [ready, portico])
  if (!token || !form.receiverAddress || !form.fee || !native) return null

  const parsed = parseAmount(form.sendTokenAmount, token.decimals)
  const amount = 'value' in parsed ? parsed.value : 0n
  const amountUsd = usdValue(amount, token.decimals, token.price)
  const feeUsd = usdValue(form.fee.fee, native.decimals, native.price)

  const confirm = async () => {
    portico.toast.show('loading', t('confirmInWallet'))
    const outcome = await controller.send()
    if (outcome.status === 'sent') {
      portico.toast.show(
        'success',
        t('transactionStartedWithHash', { hash: shortenAddress(outcome.hash, 6) }),
      )
      return
    }
    if (outcome.status === 'rejected')
      portico.toast.show('error', outcome.message ?? errorMessage(new UserRejectedRequestError()))
    else if (outcome.status === 'failed') portico.toast.show('error', t('sendFailed'))
    else portico.toast.hide()
    // The form is as it was: the visitor can change it and try again.
    if (portico.router.current()?.view === 'SendPreview') portico.router.goBack()
  }

  if (form.status === 'sent' && form.hash) {
    const explorer = network ? blockExplorerUrl(portico.config, network) : undefined
    return (
      <div className="center" data-testid="send-sent">
        <div className="spinner" role="progressbar" aria-label={t('waitingForBlock')} />
        <h3>{t('transactionStarted')}</h3>
        <p>{t('waitingForBlock')}</p>
        <dl className="send-details">
          <dt>{t('transactionHash')}</dt>
          <dd>
            <code data-testid="send-hash" title={form.hash}>
              {shortenAddress(form.hash, 8)}
            </code>
          </dd>
        </dl>
        <div className="stack">
          {explorer ? (
            <a
              className="secondary"
              href={blockExplorerLink(explorer, 'tx', form.hash)}
              target="_blank"
              rel="noreferrer"
            >
              {t('viewTransaction')}
            </a>
          ) : null}
          <button type="button" className="secondary" onClick={() => portico.router.reset('Account')}>
            {t('backToAccount')}
          </button>
        </div>
      </div>
    )
  }

  const confirming = form.status === 'confirming'
  return (
    <div className="send-form">
      <div className="send-summary">
        <span className="muted">{t('sending')}</span>
        <span className="big" data-testid="send-preview-amount">
          {formatTokenAmount(amount, token.decimals, token.decimals)} {token.symbol}
        </span>
        {amountUsd ? <span className="muted">≈ {amountUsd}</span> : null}
      </div>
      <dl className="send-details">
        <dt>{t('receiver')}</dt>
        <dd data-testid="send-preview-receiver">
          {form.receiverProfileName ? <div>{form.receiverProfileName}</div> : null}
          <code>{form.receiverAddress}</code>
        </dd>
        <dt>{t('network')}</dt>
        <dd>{network?.name}</dd>
        <dt>{t('networkFee')}</dt>
        <dd>
          {formatTokenAmount(form.fee.fee, native.decimals, 8)} {native.symbol}
          {feeUsd ? <div className="muted">≈ {feeUsd}</div> : null}
          {form.fee.deposit ? (
            <div className="muted">
              {t('feeDeposit', {
                amount: formatTokenAmount(form.fee.deposit, native.decimals, 8),
                symbol: native.symbol,
              })}
            </div>
          ) : null}
        </dd>
      </dl>
      {confirming ? (
        <div className="center" aria-live="polite">
          <div className="spinner" role="progressbar" aria-label={t('confirmInWallet')} />
          <p>{t('confirmInWallet')}</p>
        </div>
      ) : (
        <div className="button-row">
          <button type="button" className="secondary" onClick={portico.router.goBack}>
            {t('cancel')}
          </button>
          <button type="button" className="primary" onClick={() => void confirm()}>
            {t('confirmSend')}
          </button>
        </div>
      )}
    </div>
  )
}

export const styles = sendStyles
