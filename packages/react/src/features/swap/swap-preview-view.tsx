import type { AccountState, SwapState } from '@portico/core/internal'
import { usePortico } from '../../use-portico.js'
import { useStore } from '../../use-store.js'
import { SwapDetails } from './swap-details.js'
import { formatTokenAmount, formatUsd } from './swap-format.js'
import { SwapStyles, TokenIcon } from './token-parts.js'
import { swapControllerOf } from './use-swap-controller.js'
import { swapViewMessages } from './view-messages.js'

const { t } = swapViewMessages

const selectSwap = (state: SwapState) => state
const selectAccount = (state: AccountState) => state

/** The swap as it will be sent: amounts with USD values, its costs; approve first when needed, then swap. */
export default function SwapPreviewView() {
  const portico = usePortico()
  const controller = swapControllerOf(portico)
  const state = useStore(controller.store, selectSwap)
  useStore(portico.account.store, selectAccount)
  const source = controller.sourceToken()
  const target = controller.toToken()
  const { quote, transactionStatus, swapTransaction } = state
  // A wallet that batches approves and swaps in one request: the preview offers the swap only.
  const approvalTransaction = state.batched ? undefined : state.approvalTransaction

  if (!source || !target || !quote) {
    return (
      <div className="swap-form" role="status" aria-busy="true">
        <SwapStyles />
        <span className="visually-hidden">{t('gettingQuote')}</span>
        <span className="skeleton block" />
        <span className="skeleton line" />
      </div>
    )
  }

  const busy = transactionStatus !== 'idle' || state.quoteStatus === 'loading'
  const label =
    transactionStatus === 'approving'
      ? t('approving')
      : transactionStatus === 'swapping'
        ? t('swapping')
        : state.quoteStatus === 'loading'
          ? t('gettingQuote')
          : transactionStatus === 'preparing'
            ? t('preparing')
            : approvalTransaction
              ? t('approve', { symbol: source.symbol })
              : t('confirmSwap')

  return (
    <div className="swap-form">
      <SwapStyles />
      <div className="swap-summary">
        <span className="muted">{t('youPay')}</span>
        <span className="big" data-testid="swap-preview-pay">
          <TokenIcon token={source} size={28} />
          <bdi dir="ltr">{`${formatTokenAmount(quote.fromAmount, source.decimals)} ${source.symbol}`}</bdi>
        </span>
        <span className="muted">{formatUsd(quote.fromAmount, source.decimals, source.price) ?? ''}</span>
      </div>
      <span className="swap-arrow" aria-hidden="true">
        ↓
      </span>
      <div className="swap-summary">
        <span className="muted">{t('youReceive')}</span>
        <span className="big" data-testid="swap-preview-receive">
          <TokenIcon token={target} size={28} />
          <bdi dir="ltr">{`${formatTokenAmount(quote.toAmount, target.decimals)} ${target.symbol}`}</bdi>
        </span>
        <span className="muted">{formatUsd(quote.toAmount, target.decimals, target.price) ?? ''}</span>
      </div>
      <SwapDetails state={state} controller={controller} full />
      <p className="swap-note" role={approvalTransaction ? 'status' : undefined}>
        {approvalTransaction ? t('approveFirst', { symbol: source.symbol }) : t('reviewCarefully')}
      </p>
      {state.inputError === 'insufficientBalance' ? (
        <p className="field-error" role="alert">
          {t('insufficientBalance')}
        </p>
      ) : null}
      <div className="swap-actions">
        <button type="button" className="secondary" onClick={() => portico.router.goBack()}>
          {t('cancel')}
        </button>
        <button
          type="button"
          className="primary"
          data-testid="swap-confirm"
          disabled={busy || !!state.inputError || !(approvalTransaction || swapTransaction)}
          aria-busy={busy ? true : undefined}
          onClick={() => void (approvalTransaction ? controller.approve() : controller.swap())}
        >
          {label}
        </button>
      </div>
    </div>
  )
}
