import {
  minimumReceivedOf,
  rateOf,
  SWAP_PROVIDER_FEE_RATE,
  type SwapController,
  type SwapState,
} from '@portico/core/internal'
import { formatFeeUsd, formatPercent, formatRate, formatTokenAmount } from './swap-format.js'
import { swapViewMessages } from './view-messages.js'

const { t } = swapViewMessages

/** Spec §3's numbers of a quote: rate, network fee in USD, price impact, max slippage, provider fee. */
export function SwapDetails({
  state,
  controller,
  full = false,
}: {
  state: SwapState
  controller: SwapController
  /** The preview adds the minimum received. */
  full?: boolean
}) {
  const source = controller.sourceToken()
  const target = controller.toToken()
  const { quote } = state
  if (!source || !target || !quote) return null
  const rate = rateOf(quote.fromAmount, source.decimals, quote.toAmount, target.decimals)
  const impact = state.priceImpact
  return (
    <dl className="swap-details" aria-label={t('details')} data-testid="swap-details">
      <dt>{t('rateLabel')}</dt>
      <dd data-testid="swap-rate">
        {rate === undefined
          ? t('unknown')
          : t('rate', { from: source.symbol, rate: formatRate(rate), to: target.symbol })}
      </dd>
      <dt>{state.approvalTransaction && !state.batched ? t('approvalNetworkFee') : t('networkFee')}</dt>
      <dd data-testid="swap-network-fee">
        {state.gasPriceInUSD === undefined ? t('unknown') : formatFeeUsd(state.gasPriceInUSD)}
      </dd>
      <dt>{t('priceImpact')}</dt>
      <dd className={impact !== undefined && impact > 1 ? 'warn' : undefined} data-testid="swap-price-impact">
        {impact === undefined ? t('unknown') : formatPercent(Math.max(impact, 0))}
      </dd>
      <dt>{t('maxSlippage')}</dt>
      <dd data-testid="swap-max-slippage">
        {state.maxSlippage === undefined ? (
          formatPercent(state.slippage)
        ) : (
          <>
            {`${formatPercent(state.slippage)} · `}
            <bdi dir="ltr">{`${formatTokenAmount(state.maxSlippage, target.decimals)} ${target.symbol}`}</bdi>
          </>
        )}
      </dd>
      {full ? (
        <>
          <dt>{t('minimumReceived')}</dt>
          <dd data-testid="swap-minimum-received">
            <bdi dir="ltr">
              {`${formatTokenAmount(minimumReceivedOf(quote.toAmount, state.slippage), target.decimals)} ${target.symbol}`}
            </bdi>
          </dd>
        </>
      ) : null}
      <dt>{t('providerFee')}</dt>
      <dd data-testid="swap-provider-fee">
        {state.providerFee === undefined ? (
          t('unknown')
        ) : (
          <>
            {`${formatPercent(SWAP_PROVIDER_FEE_RATE * 100)} · `}
            <bdi dir="ltr">{`${formatTokenAmount(state.providerFee, source.decimals)} ${source.symbol}`}</bdi>
          </>
        )}
      </dd>
    </dl>
  )
}
