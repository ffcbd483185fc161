import { formatAmount, formatCurrency } from '@portico/core'
import type { AccountState } from '@portico/core/internal'
import { EmptyState } from '../../components/empty-state.js'
import { SetupErrorNotice } from '../../components/setup-error-notice.js'
import { SkeletonRows } from '../../components/skeleton.js'
import { WalletImage } from '../../components/wallet-image.js'
import { usePortico } from '../../use-portico.js'
import { useStore } from '../../use-store.js'
import { accountViewMessages } from './view-messages.js'

const { t } = accountViewMessages

const selectTokens = (state: AccountState) => state

/** The account's tokens on the current network, with USD values. */
export function TokenList() {
  const portico = usePortico()
  const { tokenBalances, tokensStatus } = useStore(portico.account.store, selectTokens)
  if (tokensStatus === 'error')
    return (
      <>
        <p className="notice">{t('failedToFetchBalance')}</p>
        <SetupErrorNotice service="chainApi" />
      </>
    )
  // Token-shaped placeholders while the balances load: the view keeps its height.
  if (tokensStatus !== 'ready' && tokenBalances.length === 0)
    return (
      <ul className="list tokens" aria-label={t('tokens')} aria-busy="true">
        <SkeletonRows count={3} className="token" image={28} />
      </ul>
    )
  // An empty wallet (a new embedded one, typically: its native balance is listed at zero) is offered ways
  // to fund it: buying (when the on-ramp is on) and receiving from another wallet.
  if (tokenBalances.every((token) => Number(token.quantity.numeric) === 0))
    return (
      <EmptyState icon="coins" text={t('noTokens')}>
        <div className="empty-actions">
          {portico.config.features.onramp ? (
            <button
              type="button"
              className="secondary"
              onClick={() => portico.router.push('OnRampProviders')}
            >
              {t('buyCrypto')}
            </button>
          ) : null}
          <button type="button" className="secondary" onClick={() => portico.router.push('Receive')}>
            {t('receiveCrypto')}
          </button>
        </div>
      </EmptyState>
    )
  return (
    <ul className="list tokens" aria-label={t('tokens')}>
      {tokenBalances.map((token) => (
        <li key={`${token.chainId}:${token.address ?? 'native'}`} className="token">
          <WalletImage src={token.iconUrl ?? undefined} name={token.symbol} size={28} />
          <span className="name">{token.name}</span>
          <span className="amount">
            <span className="ltr" data-testid={`token-${token.symbol}`}>
              {formatAmount(token.quantity.numeric)} {token.symbol}
            </span>
            {token.value != null ? <span className="muted ltr">{formatCurrency(token.value)}</span> : null}
          </span>
        </li>
      ))}
    </ul>
  )
}
