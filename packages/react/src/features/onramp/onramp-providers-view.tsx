import type { Portico } from '@portico/core'
import { type AmountProblem, methodLimits, onrampControllerOf } from '@portico/core/internal'
import { useEffect, useId, useState } from 'react'
import { usePortico } from '../../use-portico.js'
import { onrampStyles } from './onramp-styles.js'
import { openProviderWindow } from './open-provider-window.js'
import { QuoteSummary } from './quote-summary.js'
import { useOnramp } from './use-onramp.js'
import { onrampViewMessages } from './view-messages.js'

const { t } = onrampViewMessages

/** Wait after the last keystroke before asking for a quote. */
const QUOTE_DEBOUNCE_MS = 400

const methodLabel = (method: string) =>
  method === 'card' || method === 'ach_bank_account' ? t(method) : method

function problemText(problem: AmountProblem | undefined, method: string): string | undefined {
  if (!problem || problem.kind === 'empty') return undefined
  if (problem.kind === 'notANumber') return t('notANumber')
  if (problem.kind === 'belowMin')
    return t('belowMin', {
      min: problem.min,
      currency: problem.currency,
      method: methodLabel(method).toLowerCase(),
    })
  return t('aboveMax', {
    max: problem.max,
    currency: problem.currency,
    method: methodLabel(method).toLowerCase(),
  })
}

/** Buy crypto: the asset and its network, the currency, the method and amount (limits checked as typed), the quote, then a provider. */
/** The purchase options and providers, read on the intent to open Buy. */
export const prefetch = (portico: Portico) => void onrampControllerOf(portico).init()

export default function OnRampProvidersView() {
  const portico = usePortico()
  const { controller, state } = useOnramp()
  const { selection, options } = state
  const [touched, setTouched] = useState(false)
  const [starting, setStarting] = useState(false)
  const [startError, setStartError] = useState<string | undefined>()
  const ids = {
    asset: useId(),
    network: useId(),
    currency: useId(),
    method: useId(),
    amount: useId(),
    error: useId(),
  }

  useEffect(() => {
    void controller.init()
  }, [controller])

  // A new quote once the selection settles.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the selection is what the quote depends on
  useEffect(() => {
    if (state.status !== 'ready') return
    const timer = setTimeout(() => void controller.quote(), QUOTE_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [controller, state.status, selection])

  const asset = options.purchaseCurrencies.find((entry) => entry.symbol === selection.asset)
  const currency = controller.paymentCurrency()
  const limits = methodLimits(currency, selection.paymentMethod)
  const problem = controller.problem()
  const shownProblem =
    touched || (problem && problem.kind !== 'empty')
      ? problemText(problem, selection.paymentMethod)
      : undefined

  async function buy(providerName: string) {
    setTouched(true)
    if (controller.problem() || starting) return
    setStartError(undefined)
    setStarting(true)
    const popup = openProviderWindow()
    try {
      const url = await controller.start(providerName)
      popup.navigate(url)
      // A blocked window: the next view says so and links to the page instead.
      if (popup.opened) portico.toast.show('success', t('transactionStarted'))
      else controller.setWindowBlocked(true)
      portico.router.push('BuyInProgress')
    } catch {
      popup.navigate(undefined)
      setStartError(t('startFailed'))
    } finally {
      setStarting(false)
    }
  }

  if (state.status !== 'ready') {
    return (
      <div className="center" aria-busy="true">
        <div className="spinner" />
      </div>
    )
  }

  return (
    <>
      <style>{onrampStyles}</style>
      <form
        className="onramp"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          const first = state.providers.find((provider) => provider.available)
          if (first) void buy(first.name)
        }}
      >
        {state.optionsFallback ? (
          <p className="notice" role="status">
            {t('optionsFallback')}
          </p>
        ) : null}
        <div className="onramp-grid">
          <label htmlFor={ids.asset}>
            {t('asset')}
            <select
              id={ids.asset}
              className="field"
              value={selection.asset}
              onChange={(event) => controller.select({ asset: event.target.value })}
            >
              {options.purchaseCurrencies.map((entry) => (
                <option key={entry.symbol} value={entry.symbol}>
                  {entry.symbol} · {entry.name}
                </option>
              ))}
            </select>
          </label>
          <label htmlFor={ids.network}>
            {t('network')}
            <select
              id={ids.network}
              className="field"
              value={String(selection.chainId)}
              onChange={(event) => controller.select({ chainId: Number(event.target.value) })}
            >
              {(asset?.networks ?? []).map((network) => (
                <option key={network.chain_id} value={network.chain_id}>
                  {network.display_name}
                </option>
              ))}
            </select>
          </label>
          <label htmlFor={ids.currency}>
            {t('paymentCurrency')}
            <select
              id={ids.currency}
              className="field"
              value={selection.paymentCurrency}
              onChange={(event) => controller.select({ paymentCurrency: event.target.value })}
            >
              {options.paymentCurrencies.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.id}
                </option>
              ))}
            </select>
          </label>
          <label htmlFor={ids.method}>
            {t('paymentMethod')}
            <select
              id={ids.method}
              className="field"
              value={selection.paymentMethod}
              onChange={(event) => controller.select({ paymentMethod: event.target.value })}
            >
              {(currency?.payment_method_limits ?? []).map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {methodLabel(entry.id)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <label htmlFor={ids.amount}>
          {t('amount')}
          <input
            id={ids.amount}
            className="field"
            inputMode="decimal"
            autoComplete="off"
            placeholder="50"
            value={selection.amount}
            aria-invalid={shownProblem ? true : undefined}
            aria-describedby={ids.error}
            onChange={(event) => controller.select({ amount: event.target.value })}
            onBlur={() => setTouched(true)}
          />
        </label>
        <p id={ids.error} className={shownProblem ? 'field-error' : 'field-hint'} aria-live="polite">
          {shownProblem ??
            (limits
              ? t('amountHint', { min: limits.min, max: limits.max, currency: selection.paymentCurrency })
              : '')}
        </p>
        {state.quoteStatus === 'loading' && !state.quote ? (
          <p className="notice" aria-live="polite">
            {t('quoteLoading')}
          </p>
        ) : null}
        {state.quote && !problem ? (
          <QuoteSummary quote={state.quote} estimated={state.quoteStatus === 'estimated'} />
        ) : null}
        <h3 className="muted">{t('providers')}</h3>
        <div className="stack">
          {state.providers.map((provider) => (
            <button
              key={provider.name}
              type="button"
              className="row provider"
              aria-disabled={!provider.available || starting ? true : undefined}
              data-provider={provider.name}
              onClick={() => provider.available && void buy(provider.name)}
            >
              <span className="name">
                {t('buyWith', { provider: provider.label })}
                <span className="fee">
                  {' · '}
                  {provider.available ? t('feeRange', { range: provider.feeRange }) : t('unavailable')}
                </span>
              </span>
            </button>
          ))}
        </div>
        {startError ? (
          <p className="field-error" role="alert">
            {startError}
          </p>
        ) : null}
      </form>
    </>
  )
}
