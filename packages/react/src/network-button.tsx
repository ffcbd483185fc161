import type { ThemeState } from '@portico/core'
import { buttonText, buttonTranslation } from '@portico/core/internal'
import { type CSSProperties, useSyncExternalStore } from 'react'
import { NetworkDot } from './components/network-dot.js'
import { useIntentHandlers } from './prefetch.js'
import { useNetwork } from './use-network.js'
import { usePortico } from './use-portico.js'
import { useStore } from './use-store.js'

const selectTheme = (state: ThemeState) => state

/**
 * A button showing the current network's dot and name (or "Unknown network"); it opens the modal's
 * network list. Honours the theme's `--portico-*` variables like the modal.
 *
 * @example
 * ```tsx
 * <NetworkButton />
 * ```
 */
export function NetworkButton() {
  const portico = usePortico()
  const intent = useIntentHandlers(portico, () => 'Networks')
  const theme = useStore(portico.theme.store, selectTheme)
  const { network } = useNetwork()
  useSyncExternalStore(buttonTranslation.subscribe, buttonTranslation.get, buttonTranslation.get)
  return (
    <button
      type="button"
      className="portico-network-button"
      data-theme={theme.themeMode}
      style={theme.themeVariables as CSSProperties}
      aria-haspopup="dialog"
      {...intent}
      onClick={() => portico.open({ view: 'Networks' })}
    >
      <NetworkDot network={network} />
      <span>{network?.name ?? buttonText('unknownNetwork')}</span>
    </button>
  )
}
