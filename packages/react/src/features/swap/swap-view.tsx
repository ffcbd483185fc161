import { formatAmount, type Portico } from '@portico/core'
import type { AccountState, SwapState } from '@portico/core/internal'
import { useEffect, useId, useRef } from 'react'
import { leftToRight } from '../../components/left-to-right.js'
import { usePortico } from '../../use-portico.js'
import { useStore } from '../../use-store.js'
import { SwapDetails } from './swap-details.js'
import { formatTokenAmount, formatUsd } from './swap-format.js'
import { focusWhenShown, SwapStyles, SwitchIcon, TokenButton } from './token-parts.js'
import { swapControllerOf } from './use-swap-controller.js'
import { swapViewMessages } from './view-messages.js'

const { t } = swapViewMessages

const selectSwap = (state: SwapState) => state
const selectAccount = (state: AccountState) => state

/** The tokens, their prices and the gas price, read on the intent to open Swap. */
export const prefetch = (portico: Portico) => void swapControllerOf(portico).initialize()

/** The swap form: what to pay (amount, token, Max), what to receive (the quote), its costs. */
export default function SwapView() {
  const portico = usePortico()
  const controller = swapControllerOf(portico)
  const state = useStore(controller.store, selectSwap)
  // Balances change under the form (a swap just confirmed): it re-reads them on every change.
  useStore(portico.account.store, selectAccount)
  const ids = { pay: useId(), receive: useId(), error: useId() }
  const amountRef = useRef<HTMLInputElement>(null)
  const shown = state.status === 'initialized'

  // On opening, and again after the form started over (another account or network) while it shows.
  useEffect(() => {
    if (state.status === 'uninitialized') void controller.initialize()
  }, [controller, state.status])

  useEffect(() => {
    if (shown) focusWhenShown(amountRef.current)
  }, [shown])

  useEffect(() => {
    // The picker and the preview are a click away: their chunks load now, so the click never waits.
    void import('./swap-select-token-view.js').catch(() => {})
    void import('./swap-preview-view.js').catch(() => {})
  }, [])

  if (state.status !== 'initialized') {
    return (
      <div className="swap-form" role="status" aria-busy="true">
        <SwapStyles />
        <span className="visually-hidden">{t('loading')}</span>
        <span className="skeleton block" />
        <span className="skeleton block" />
        <span className="skeleton line" />
      </div>
    )
  }

  const source = controller.sourceToken()
  const target = controller.toToken()
  const { quote, quoteStatus, inputError, transactionStatus } = state
  const ready = controller.canPreview()
  const sourceAmount = quote?.fromAmount
  const errorText =
    inputError === 'insufficientBalance'
      ? t('insufficientBalance')
      : inputError === 'invalidAmount'
        ? t('invalidAmount')
        : inputError === 'tooManyDecimals' && source
          ? t('tooManyDecimals', { symbol: source.symbol, decimals: source.decimals })
          : quoteStatus === 'error'
            ? t('quoteFailed')
            : undefined
  const action =
    !source || !target
      ? t('selectToken')
      : errorText && inputError
        ? errorText
        : state.sourceTokenAmount.trim() === '' || (quoteStatus === 'idle' && !inputError)
          ? t('enterAmount')
          : quoteStatus === 'loading'
            ? t('gettingQuote')
            : transactionStatus === 'preparing'
              ? t('preparing')
              : t('reviewSwap')
  const pick = (side: 'sourceToken' | 'toToken') => portico.router.push('SwapSelectToken', { target: side })

  return (
    <form
      className="swap-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (controller.canPreview()) portico.router.push('SwapPreview')
      }}
    >
      <SwapStyles />
      <div className="swap-box">
        <label htmlFor={ids.pay}>{t('youPay')}</label>
        <div className="swap-line">
          <input
            ref={amountRef}
            id={ids.pay}
            className="swap-amount"
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            placeholder="0"
            value={state.sourceTokenAmount}
            aria-invalid={inputError ? true : undefined}
            aria-describedby={errorText ? ids.error : undefined}
            onChange={(event) => controller.setSourceTokenAmount(event.target.value)}
            data-testid="swap-source-amount"
          />
          <TokenButton token={source} side="sourceToken" onClick={() => pick('sourceToken')} />
        </div>
        <div className="swap-meta">
          <span data-testid="swap-source-usd">
            {source && sourceAmount !== undefined
              ? formatUsd(sourceAmount, source.decimals, source.price)
              : ''}
          </span>
          {source ? (
            <span>
              {t('balance', {
                amount: leftToRight(
                  `${formatTokenAmount(source.balance, source.decimals, 4)} ${source.symbol}`,
                ),
              })}
              {source.balance > 0n ? (
                <button type="button" className="max-link" onClick={() => controller.setMax()}>
                  {t('max')}
                </button>
              ) : null}
            </span>
          ) : null}
        </div>
      </div>

      <button
        type="button"
        className="swap-switch"
        aria-label={t('switchTokens')}
        title={t('switchTokens')}
        disabled={!source || !target}
        onClick={() => controller.switchTokens()}
      >
        <SwitchIcon />
      </button>

      <div className="swap-box">
        <span className="label" id={ids.receive}>
          {t('youReceive')}
        </span>
        <div className="swap-line">
          {quoteStatus === 'loading' ? (
            <span className="swap-amount" aria-busy="true">
              <span className="skeleton" />
              <span className="visually-hidden">{t('gettingQuote')}</span>
            </span>
          ) : (
            <output
              className={state.toTokenAmount ? 'swap-amount' : 'swap-amount muted-amount'}
              aria-labelledby={ids.receive}
              aria-live="polite"
              data-testid="swap-target-amount"
            >
              {/* The quote, as the locale writes numbers (it is read, not typed). */}
              {formatAmount(state.toTokenAmount || '0', 18)}
            </output>
          )}
          <TokenButton token={target} side="toToken" onClick={() => pick('toToken')} />
        </div>
        <div className="swap-meta">
          <span data-testid="swap-target-usd">
            {target && quote ? formatUsd(quote.toAmount, target.decimals, target.price) : ''}
          </span>
          {target ? (
            <span>
              {t('balance', {
                amount: leftToRight(
                  `${formatTokenAmount(target.balance, target.decimals, 4)} ${target.symbol}`,
                ),
              })}
            </span>
          ) : null}
        </div>
      </div>

      {quoteStatus === 'ready' ? <SwapDetails state={state} controller={controller} /> : null}
      {errorText ? (
        <p className="field-error" id={ids.error} role="alert" data-testid="swap-error">
          {errorText}
        </p>
      ) : null}

      <button type="submit" className="primary" disabled={!ready} data-testid="swap-review">
        {action}
      </button>
    </form>
  )
}
