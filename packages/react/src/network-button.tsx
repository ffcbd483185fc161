import { buttonText, type ThemeState } from '@portico/core'
import { NetworkDot } from './components/network-dot.js'
import { useIntentHandlers } from './prefetch.js'
import { useNetwork } from './use-network.js'
import { usePortico } from './use-portico.js'
import { useStore } from './use-store.js'

const selectThemeMode = (state: ThemeState) => state.themeMode

export function NetworkButton() {
  const portico = usePortico()
  const intent = useIntentHandlers(portico, () => 'Networks')
  const themeMode = useStore(portico.theme.store, selectThemeMode)
  const { network } = useNetwork()
  return (
    <button
      type="button"
      className="portico-network-button"
      data-theme={themeMode}
      aria-haspopup="dialog"
      {...intent}
      onClick={() => portico.open({ view: 'Networks' })}
    >
      <NetworkDot network={network} />
      <span>{network?.name ?? buttonText('unknownNetwork')}</span>
    </button>
  )
}
