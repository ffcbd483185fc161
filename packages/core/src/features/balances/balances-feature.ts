import type { ChainApiClient } from '../../clients/chain-api-client.js'
import { formatUnitsTruncated } from '../../format/format.js'
import { t } from '../../i18n/messages.js'
import { dismissErrorToast } from '../../modal/dismiss-error-toast.js'
import type { FeatureContext } from '../feature-context.js'

/** The chain API's least spacing between two reads of one account's balances. */
const CHAIN_API_FORCED_READ_SPACING_MS = 1_000
const FORCED_READ_ATTEMPTS = 3

export type RefreshBalance = (options?: { forceUpdate?: boolean }) => Promise<void>

/**
 * The account's native balance (from the wallet's chain), token balances and profile (from the chain
 * API), refreshed on every connection, account or network change and on the visitor's transactions.
 */
export function installBalances(
  context: Pick<
    FeatureContext,
    'connection' | 'network' | 'account' | 'toast' | 'events' | 'adapters' | 'persist'
  >,
  chainApi: ChainApiClient,
): RefreshBalance {
  const { connection, network, account, toast, events } = context

  async function refreshBalance(options: { forceUpdate?: boolean } = {}) {
    const current = connection.store.getState().connection
    if (!current || !network.isSupported(current.chainId)) return
    const address = current.accounts[0] as string
    const { chainId, namespace } = current
    // Ignore an answer that arrives after the visitor moved to another account or chain.
    const stillCurrent = () => {
      const latest = connection.store.getState().connection
      return latest?.accounts[0] === address && latest.chainId === chainId
    }
    let anyFailed = false
    const failed = () => {
      if (!stillCurrent()) return false
      anyFailed = true
      toast.show('error', t('failedToFetchBalance'))
      return true
    }
    account.setBalanceLoading()
    account.setTokens({ tokensStatus: 'loading' })
    const native = context.adapters
      .load(namespace)
      .then((adapter) => adapter.getBalance(address, chainId))
      .then(
        (balance) => {
          if (!stillCurrent()) return
          account.setBalance(balance)
          context.persist()
        },
        () => failed() && account.setBalanceError(),
      )
    const tokens = chainApi.getBalances(address, chainId, options).then(
      (tokenBalances) => stillCurrent() && account.setTokens({ tokensStatus: 'ready', tokenBalances }),
      () => failed() && account.setTokens({ tokensStatus: 'error' }),
    )
    const profile = chainApi.getIdentity(address).then(
      (identity) => stillCurrent() && account.setProfile(identity),
      () => {},
    )
    await Promise.all([native, tokens, profile])
    // A refresh that succeeds (a retry) takes away the failure toast of the one before it.
    if (!anyFailed && stillCurrent()) dismissErrorToast(toast, t('failedToFetchBalance'))
  }

  const refresh = () => void refreshBalance()
  events.on('connected', refresh)
  events.on('accountChanged', refresh)
  events.on('chainChanged', refresh)
  /**
   * The chain API shares a forced read with any read of the same account begun within the last
   * second, which may predate the block: until its native balance matches the wallet's own chain,
   * read again once that second is over.
   */
  async function refreshAfterTransaction() {
    for (let attempt = 0; attempt < FORCED_READ_ATTEMPTS; attempt++) {
      await refreshBalance({ forceUpdate: true })
      const { balance, tokenBalances } = account.store.getState()
      const native = tokenBalances.find((token) => !token.address)
      if (!balance || !native) return
      if (
        formatUnitsTruncated(BigInt(balance.value), balance.decimals, balance.decimals) ===
        native.quantity.numeric
      )
        return
      await new Promise((resolve) => setTimeout(resolve, CHAIN_API_FORCED_READ_SPACING_MS))
    }
  }
  events.on('transactionConfirmed', () => void refreshAfterTransaction())
  return refreshBalance
}
