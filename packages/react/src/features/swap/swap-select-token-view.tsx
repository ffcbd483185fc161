import {
  type AccountState,
  currentRouteData,
  type RouterState,
  SUGGESTED_TOKEN_SYMBOLS,
  type SwapState,
  type SwapToken,
} from '@portico/core/internal'
import { useEffect, useId, useRef, useState } from 'react'
import { usePortico } from '../../use-portico.js'
import { useStore } from '../../use-store.js'
import { formatTokenAmount, formatUsd } from './swap-format.js'
import { focusWhenShown, SwapStyles, TokenIcon } from './token-parts.js'
import { swapControllerOf } from './use-swap-controller.js'
import { swapViewMessages } from './view-messages.js'

const { t } = swapViewMessages

const selectSwap = (state: SwapState) => state
const selectAccount = (state: AccountState) => state
const selectSide = (state: RouterState) => currentRouteData(state, 'SwapSelectToken')?.target ?? 'toToken'

const matches = (token: SwapToken, query: string) => {
  const text = query.trim().toLowerCase()
  if (!text) return true
  return (
    token.symbol.toLowerCase().includes(text) ||
    token.name.toLowerCase().includes(text) ||
    (text.startsWith('0x') && token.contract?.startsWith(text) === true)
  )
}

/** Picks one side's token: search, suggested tokens, the visitor's own tokens first, then the rest. */
export default function SwapSelectTokenView() {
  const portico = usePortico()
  const controller = swapControllerOf(portico)
  const state = useStore(controller.store, selectSwap)
  useStore(portico.account.store, selectAccount)
  const side = useStore(portico.router.store, selectSide)
  const [query, setQuery] = useState('')
  const searchId = useId()
  const searchRef = useRef<HTMLInputElement>(null)
  const shown = state.status === 'initialized'

  useEffect(() => {
    if (state.status === 'uninitialized') void controller.initialize()
  }, [controller, state.status])

  useEffect(() => {
    if (shown) focusWhenShown(searchRef.current)
  }, [shown])

  const current = side === 'sourceToken' ? state.sourceTokenAddress : state.toTokenAddress
  const choose = (token: SwapToken) => {
    if (side === 'sourceToken') controller.setSourceToken(token.address)
    else controller.setToToken(token.address)
    portico.router.goBack()
  }

  if (state.status !== 'initialized') {
    return (
      <div className="swap-form" role="status" aria-busy="true">
        <SwapStyles />
        <span className="visually-hidden">{t('loading')}</span>
        <span className="skeleton line" />
        <span className="skeleton block" />
      </div>
    )
  }

  const all = controller.tokens()
  const found = all.filter((token) => matches(token, query))
  const owned = found.filter((token) => token.balance > 0n)
  const others = found.filter((token) => token.balance === 0n)
  const suggested = SUGGESTED_TOKEN_SYMBOLS.map((symbol) =>
    all.find((token) => token.symbol === symbol),
  ).filter((token): token is SwapToken => token !== undefined)

  const row = (token: SwapToken) => (
    <li key={token.address}>
      <button
        type="button"
        className="row token-row"
        aria-current={token.address === current ? true : undefined}
        onClick={() => choose(token)}
        data-testid={`swap-token-${token.symbol}`}
      >
        <TokenIcon token={token} size={32} />
        <span className="name">
          {token.name}
          <span className="symbol">{token.symbol}</span>
        </span>
        {token.balance > 0n ? (
          <span className="amount">
            <span>{formatTokenAmount(token.balance, token.decimals, 4)}</span>
            <span className="muted">{formatUsd(token.balance, token.decimals, token.price) ?? ''}</span>
          </span>
        ) : null}
      </button>
    </li>
  )

  return (
    <div className="swap-form">
      <SwapStyles />
      <label htmlFor={searchId} className="visually-hidden">
        {t('searchToken')}
      </label>
      <input
        ref={searchRef}
        id={searchId}
        className="search"
        type="search"
        autoComplete="off"
        spellCheck={false}
        placeholder={t('searchPlaceholder')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {query.trim() === '' && suggested.length > 0 ? (
        <>
          <h3 className="token-section">{t('suggested')}</h3>
          <ul className="token-chips" aria-label={t('suggested')}>
            {suggested.map((token) => (
              <li key={token.address}>
                <button
                  type="button"
                  className="token-chip"
                  aria-current={token.address === current ? true : undefined}
                  onClick={() => choose(token)}
                >
                  <TokenIcon token={token} size={20} />
                  {token.symbol}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {owned.length > 0 ? (
        <>
          <h3 className="token-section">{t('yourTokens')}</h3>
          <ul className="list" aria-label={t('yourTokens')}>
            {owned.map(row)}
          </ul>
        </>
      ) : null}
      {others.length > 0 ? (
        <>
          <h3 className="token-section">{t('tokens')}</h3>
          <ul className="list" aria-label={t('tokens')}>
            {others.map(row)}
          </ul>
        </>
      ) : null}
      {found.length === 0 ? (
        <p className="notice" role="status">
          {t('noTokensFound')}
        </p>
      ) : null}
    </div>
  )
}
