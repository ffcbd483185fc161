import type { SwapToken } from '@portico/core/internal'
import { useState } from 'react'
import { swapStyles } from './swap-styles.js'
import { swapViewMessages } from './view-messages.js'

const { t } = swapViewMessages

/** The swap views' stylesheet, rendered inside each of them (it loads with their chunk). */
export function SwapStyles() {
  return <style>{swapStyles}</style>
}

/** A token's logo over its initial, so a slow or missing image never leaves a hole. */
export function TokenIcon({
  token,
  size = 24,
}: {
  token: Pick<SwapToken, 'logoUri' | 'symbol'>
  size?: number
}) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading')
  return (
    <span className="wallet-image" style={{ width: size, height: size }} aria-hidden="true">
      {state !== 'loaded' ? (
        <span className="wallet-image-placeholder">{token.symbol.slice(0, 1)}</span>
      ) : null}
      {token.logoUri && state !== 'failed' ? (
        <img
          src={token.logoUri}
          alt=""
          width={size}
          height={size}
          decoding="async"
          data-state={state}
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
        />
      ) : null}
    </span>
  )
}

/** Opens the token picker for one side; shows the chosen token, or asks for one. */
export function TokenButton({
  token,
  side,
  onClick,
}: {
  token: SwapToken | undefined
  side: 'sourceToken' | 'toToken'
  onClick: () => void
}) {
  if (!token)
    return (
      <button type="button" className="token-button empty" onClick={onClick} data-testid={`swap-${side}`}>
        {t('selectToken')}
      </button>
    )
  const label = side === 'sourceToken' ? 'sourceTokenLabel' : 'toTokenLabel'
  return (
    <button
      type="button"
      className="token-button"
      onClick={onClick}
      aria-label={t(label, { symbol: token.symbol })}
      data-testid={`swap-${side}`}
    >
      <TokenIcon token={token} />
      {token.symbol}
    </button>
  )
}

export function SwitchIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <path
        d="M5 2v11M5 13l-3-3M5 13l3-3M11 14V3M11 3L8 6M11 3l3 3"
        stroke="currentColor"
        strokeWidth="1.8"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

/**
 * Focuses `target` once a view's content replaced its skeleton, unless the visitor already moved focus
 * into the view: the modal focused the dialog itself while nothing in the view could take focus.
 */
export function focusWhenShown(target: HTMLElement | null) {
  const root = target?.getRootNode() as Document | ShadowRoot | undefined
  const active = root?.activeElement
  if (target && (!active || active.getAttribute('role') === 'dialog')) target.focus({ preventScroll: true })
}
