import { formatAmount } from '@portico/core'
import type { OnrampQuote } from '@portico/core/internal'
import { onrampViewMessages } from './view-messages.js'

const { t } = onrampViewMessages

const money = (entry: { amount: string; currency: string }) => `${entry.amount} ${entry.currency}`

/** The quote's lines: what the visitor receives, the fees, and the total. */
export function QuoteSummary({ quote, estimated }: { quote: OnrampQuote; estimated: boolean }) {
  const receive = quote.purchaseAmount.amount
    ? `${formatAmount(quote.purchaseAmount.amount, 8)} ${quote.purchaseAmount.currency}`
    : t('unknownAmount')
  return (
    <section aria-label={estimated ? t('estimatedQuote') : t('quoteTitle')} data-testid="onramp-quote">
      {estimated ? (
        <p className="quote-estimated" role="note">
          <strong>{t('estimatedQuote')}</strong> · {t('estimatedQuoteBody')}
        </p>
      ) : null}
      <dl className="quote">
        <dt>{t('youReceive')}</dt>
        <dd className="total" data-testid="onramp-receive">
          {estimated && quote.purchaseAmount.amount ? '≈ ' : ''}
          {receive}
        </dd>
        <dt>{t('providerFee')}</dt>
        <dd>{money(quote.coinbaseFee)}</dd>
        <dt>{t('networkFee')}</dt>
        <dd>{money(quote.networkFee)}</dd>
        <dt className="total">{t('youPay')}</dt>
        <dd className="total">{money(quote.paymentTotal)}</dd>
      </dl>
    </section>
  )
}
