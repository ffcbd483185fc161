import { formatAmount } from '@portico/core'
import { useEffect, useRef } from 'react'
import { usePortico } from '../../use-portico.js'
import { useOnramp } from './use-onramp.js'
import { onrampViewMessages } from './view-messages.js'

const { t } = onrampViewMessages

/**
 * Follows the purchase: asks the chain API every 4 s until the provider reports it succeeded or failed.
 * On success the wallet's balance is read again and the modal goes back to Account.
 */
export default function BuyInProgressView() {
  const portico = usePortico()
  const { controller, state } = useOnramp()
  const purchase = state.purchase
  const settled = useRef(false)

  useEffect(() => controller.watch(), [controller])

  useEffect(() => {
    if (purchase?.progress !== 'success' || settled.current) return
    settled.current = true
    const transfer = purchase.record?.transfers[0]
    portico.toast.show(
      'success',
      t('bought', {
        amount: formatAmount(transfer?.quantity.numeric ?? '0', 8),
        symbol: transfer?.fungible_info?.symbol ?? purchase.selection.asset,
      }),
    )
    controller.clearPurchase()
    void portico.refreshBalance({ forceUpdate: true })
    portico.router.reset('Account')
  }, [portico, controller, purchase])

  if (!purchase) {
    return (
      <div className="center">
        <button type="button" className="secondary" onClick={() => portico.router.reset('OnRampProviders')}>
          {t('tryAgain')}
        </button>
      </div>
    )
  }

  const provider = purchase.provider.label
  if (purchase.progress === 'failed') {
    return (
      <div className="center" role="alert" data-testid="onramp-failed">
        <div className="error-mark" aria-hidden="true">
          !
        </div>
        <h3>{t('purchaseFailed')}</h3>
        {purchase.record?.metadata.failure ? <p>{purchase.record.metadata.failure}</p> : null}
        <button
          type="button"
          className="primary"
          onClick={() => {
            controller.clearPurchase()
            portico.router.reset('OnRampProviders')
          }}
        >
          {t('tryAgain')}
        </button>
      </div>
    )
  }

  const amount = purchase.record?.transfers[0]?.quantity.numeric ?? purchase.quote?.purchaseAmount.amount
  return (
    <div className="center" aria-busy="true" data-testid="onramp-in-progress">
      <div className="spinner" />
      <p role="status" aria-live="polite">
        {purchase.progress === 'inProgress' && amount
          ? t('inProgress', { amount: formatAmount(amount, 8), symbol: purchase.selection.asset })
          : t('waitingForPayment', { provider })}
      </p>
      {purchase.windowBlocked ? (
        <p className="field-error" role="alert">
          {t('popupBlocked')}
        </p>
      ) : null}
      <a
        className={purchase.windowBlocked ? 'primary' : 'link'}
        href={purchase.url}
        target="_blank"
        rel="noopener noreferrer"
        onClick={() => controller.setWindowBlocked(false)}
      >
        {purchase.windowBlocked ? t('openProvider', { provider }) : t('reopenProvider')}
      </a>
      <p className="muted">{t('waitingHint')}</p>
    </div>
  )
}
