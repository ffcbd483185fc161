import { buttonText, shortenAddress, type ThemeState } from '@portico/core'
import { AddressAvatar } from './components/address-avatar.js'
import { useIntentHandlers } from './prefetch.js'
import { useAccount } from './use-account.js'
import { useNetwork } from './use-network.js'
import { usePortico } from './use-portico.js'
import { useStore } from './use-store.js'

export interface ConnectButtonProps {
  /** Text while disconnected; defaults to the catalogue's "Connect wallet". */
  label?: string
  /** Show the network-token balance beside the address when connected. */
  showBalance?: boolean
}

const selectThemeMode = (state: ThemeState) => state.themeMode

/**
 * The balance with the locale's grouping (`10,000` in en, `10.000` in de), as the modal writes it.
 * Not core's formatAmount: that would bring the modal's i18n module into the first paint. The
 * balance is already truncated; Intl reads the string exactly and truncates, never rounding up.
 */
function groupDigits(balance: string, locale: string | undefined): string {
  try {
    return new Intl.NumberFormat(locale, { maximumFractionDigits: 20, roundingMode: 'trunc' }).format(
      balance as Intl.StringNumericLiteral,
    )
  } catch {
    return balance
  }
}

export function ConnectButton({ label, showBalance = true }: ConnectButtonProps) {
  const portico = usePortico()
  const intent = useIntentHandlers(portico, () => (portico.connection.isConnected() ? 'Account' : 'Connect'))
  const themeMode = useStore(portico.theme.store, selectThemeMode)
  const { status, address, formattedBalance, balance, profileName } = useAccount()
  const { isSupported } = useNetwork()
  const showAccount = (status === 'connected' || status === 'reconnecting') && address

  return (
    <button
      type="button"
      className="portico-connect-button"
      data-theme={themeMode}
      data-state={status}
      aria-haspopup="dialog"
      {...intent}
      onClick={() => portico.open()}
    >
      {showAccount ? (
        <>
          <AddressAvatar address={address} />
          <span>{profileName ?? shortenAddress(address)}</span>
          {showBalance && formattedBalance !== undefined && balance && isSupported ? (
            <span className="portico-balance">
              {groupDigits(formattedBalance, portico.config.locale)} {balance.symbol}
            </span>
          ) : null}
        </>
      ) : status === 'connecting' ? (
        buttonText('connecting')
      ) : (
        (label ?? buttonText('connectWallet'))
      )}
    </button>
  )
}
